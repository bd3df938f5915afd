import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAX_FRAME_ANCESTORS, normalizeFrameAncestor, type WidgetSetup } from '@scheduler/contract/widget';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { SaveErrorAlert, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { saveFrameAncestors, widgetKeys } from './widget-api';
import { Section } from './widget-section';

function isLocalSource(source: string): boolean {
  return /^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(source);
}

/** The websites in the draft list, each with its remove button (or a hint when there is none). */
function AllowedWebsites({
  draft,
  canWrite,
  onRemove,
}: {
  draft: readonly string[];
  canWrite: boolean;
  onRemove: (source: string) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      {draft.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>No website is allowed yet: add your site&apos;s address before you paste the code.</Trans>
        </Alert>
      ) : (
        <List dense aria-label={t`Allowed websites`} sx={{ mb: 1 }}>
          {draft.map((source) => (
            <ListItem
              key={source}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t`Remove ${source}`}
                  disabled={!canWrite}
                  onClick={() => onRemove(source)}
                >
                  <span aria-hidden="true">×</span>
                </IconButton>
              }
            >
              <ListItemText
                primary={source}
                secondary={
                  source.startsWith('http://') && !isLocalSource(source)
                    ? t`Not secure (http): prefer https`
                    : null
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/**
 * The websites allowed to frame the widget (CSP frame-ancestors, PUT admin/widget): a draft list
 * staff edit, then save or discard.
 */
export function FrameAncestorsSection({ setup, canWrite }: { setup: WidgetSetup; canWrite: boolean }) {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string[]>(setup.frameAncestors);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const savedKey = setup.frameAncestors.join(' ');

  useEffect(() => setDraft(savedKey === '' ? [] : savedKey.split(' ')), [savedKey]);

  const save = useMutation({
    mutationFn: (list: string[]) => saveFrameAncestors(clientId, list, setup.frameAncestorsVersion),
    onSuccess: async (saved) => {
      setDraft(saved.frameAncestors);
      await queryClient.invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) });
      notifySaved(t`Allowed websites saved`);
    },
  });
  const changed = draft.join(' ') !== savedKey;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const source = normalizeFrameAncestor(entry);
    if (source === undefined) {
      setEntryError(t`Enter a website address such as https://www.example.com (no path).`);
      return;
    }
    if (draft.includes(source)) {
      setEntryError(t`This website is already in the list.`);
      return;
    }
    if (draft.length >= MAX_FRAME_ANCESTORS) {
      setEntryError(t`The list holds at most ${MAX_FRAME_ANCESTORS} websites.`);
      return;
    }
    setDraft([...draft, source]);
    setEntry('');
    setEntryError(null);
  };

  return (
    <Section
      title={t`Websites allowed to show the widget`}
      description={t`Browsers show your widget only on these websites (and in this admin area); any other site gets an empty frame. Use https://*.example.com to allow every subdomain.`}
    >
      <AllowedWebsites
        draft={draft}
        canWrite={canWrite}
        onRemove={(source) => setDraft(draft.filter((item) => item !== source))}
      />
      <Box component="form" onSubmit={add} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t`Website address`}
            placeholder="https://www.example.com"
            value={entry}
            onChange={(event) => {
              setEntry(event.target.value);
              setEntryError(null);
            }}
            error={entryError !== null}
            helperText={entryError ?? ' '}
            disabled={!canWrite}
            sx={{ minWidth: 320 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!canWrite || entry.trim() === ''}
            sx={{ mt: { sm: 1 } }}
          >
            <Trans>Add website</Trans>
          </Button>
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={!canWrite || !changed || save.isPending}
          onClick={() => save.mutate(draft)}
        >
          <Trans>Save websites</Trans>
        </Button>
        <Button disabled={!changed || save.isPending} onClick={() => setDraft(setup.frameAncestors)}>
          <Trans>Discard changes</Trans>
        </Button>
      </Stack>
      <SaveErrorAlert
        error={save.error}
        onReload={() => {
          save.reset();
          void queryClient
            .invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) })
            .then(() =>
              setDraft(
                queryClient.getQueryData<WidgetSetup>(widgetKeys.setup(clientId, ruleId))?.frameAncestors ??
                  [],
              ),
            );
        }}
      />
    </Section>
  );
}
