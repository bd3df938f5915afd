import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { MessageTemplate } from '@scheduler/contract/admin/message-templates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LOCALE_NAMES } from '../../../i18n/locales';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { messageChannelLabel, messageKindLabel } from '../shared/status-labels';
import { TemplateEditor } from './template-editor';
import {
  fetchTemplates,
  isMissingTranslation,
  TEMPLATE_LANGUAGES,
  templateKeys,
  type ListedTemplate,
  type TemplateKey,
  type TemplateLanguage,
} from './templates-api';

const slotId = (slot: TemplateKey) => `${slot.kind}:${slot.channel}`;

/** 'Reminder · SMS' (the kind's and the channel's names in the active language, not the server's `label`). */
export function templateTitle(template: Pick<MessageTemplate, 'kind' | 'channel'>): string {
  return `${messageKindLabel(template.kind)} · ${messageChannelLabel(template.channel)}`;
}

/** How many listed Spanish texts the practice still has to write. */
export function missingCount(items: readonly ListedTemplate[] | undefined): number {
  return items?.filter(isMissingTranslation).length ?? 0;
}

/** English / Español: which language's templates are listed and edited (with the Spanish still missing). */
function LanguageChoice({
  value,
  missing,
  onChange,
}: {
  value: TemplateLanguage;
  missing: number;
  onChange: (language: TemplateLanguage) => void;
}) {
  const { t } = useLingui();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={t`Template language`}
      onChange={(_event, next: TemplateLanguage | null) => {
        if (next) onChange(next);
      }}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {TEMPLATE_LANGUAGES.map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ textTransform: 'none' }}>
          {LOCALE_NAMES[language]}
          {language === 'es' && missing > 0 ? (
            <>
              {' '}
              <Box component="span" lang="en" sx={{ fontWeight: 600, ml: 0.5 }}>
                {t`(${missing} missing)`}
              </Box>
            </>
          ) : null}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The count of missing Spanish texts and what it means (text, not colour only). */
function MissingSummary({ missing }: { missing: number }) {
  if (missing === 0) return null;
  return (
    <Alert severity="warning" role="note" sx={{ mb: 2 }}>
      <strong>
        <Plural value={missing} one="# Spanish text missing." other="# Spanish texts missing." />
      </strong>{' '}
      <Trans>
        The practice changed the English of these messages but not the Spanish, so Spanish-speaking patients
        receive the shipped Spanish text. Each is marked “Spanish missing” below.
      </Trans>
    </Alert>
  );
}

/** Every template of the practice (kind × channel) in the chosen language and the editor of the one chosen. */
export function TemplatesPanel({ clientId, canWrite }: { clientId: string; canWrite: boolean }) {
  const { t } = useLingui();
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const list = useQuery({
    queryKey: templateKeys.list(clientId, language),
    queryFn: ({ signal }) => fetchTemplates(clientId, language, signal),
  });
  // The Spanish list also when English is shown: the language choice tells how many are missing.
  const spanish = useQuery({
    queryKey: templateKeys.list(clientId, 'es'),
    queryFn: ({ signal }) => fetchTemplates(clientId, 'es', signal),
  });
  const [chosen, setChosen] = useState<TemplateKey | null>(null);
  const missing = missingCount(spanish.data?.items);
  const choice = <LanguageChoice value={language} missing={missing} onChange={setLanguage} />;

  if (list.isPending)
    return (
      <>
        {choice}
        <LoadingBlock label={t`Loading the templates…`} />
      </>
    );
  if (list.isError)
    return (
      <>
        {choice}
        <ErrorBlock error={list.error} what={t`the templates`} onRetry={() => void list.refetch()} />
      </>
    );
  const items: readonly ListedTemplate[] = list.data.items;
  const first = items[0];
  const current =
    (chosen && items.find((item) => slotId(item) === slotId(chosen))) ?? (first ? first : undefined);
  if (!current)
    return (
      <>
        {choice}
        <Typography>{t`No message has a template.`}</Typography>
      </>
    );

  return (
    <>
      {choice}
      {language === 'es' ? <MissingSummary missing={missingCount(items)} /> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' } }}>
        <Paper component="nav" variant="outlined" aria-label={t`Templates`} sx={{ alignSelf: 'start' }}>
          <List dense>
            {items.map((item) => {
              const selected = slotId(item) === slotId(current);
              const status = item.isDefault ? t`Default` : t`Edited by the practice`;
              return (
                <li key={slotId(item)}>
                  <ListItemButton
                    selected={selected}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => setChosen({ kind: item.kind, channel: item.channel })}
                  >
                    <ListItemText
                      primary={templateTitle(item)}
                      secondary={
                        isMissingTranslation(item) ? (
                          <>
                            {status}
                            {' · '}
                            <Box component="strong" sx={{ color: 'warning.dark' }}>
                              {t`Spanish missing`}
                            </Box>
                          </>
                        ) : (
                          status
                        )
                      }
                    />
                  </ListItemButton>
                </li>
              );
            })}
          </List>
        </Paper>
        <Box component="section" aria-labelledby="template-title" sx={{ minWidth: 0 }}>
          <Typography id="template-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {templateTitle(current)}
          </Typography>
          <TemplateEditor
            key={`${slotId(current)}:${language}`}
            clientId={clientId}
            slot={{ kind: current.kind, channel: current.channel }}
            language={language}
            canWrite={canWrite}
            missingTranslation={isMissingTranslation(current)}
          />
        </Box>
      </Box>
    </>
  );
}
