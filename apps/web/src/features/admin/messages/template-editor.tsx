import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageTemplateResponse } from '@scheduler/contract/admin/message-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { TemplateFields, type TextFieldName } from './template-fields';
import {
  draftOf,
  insertAt,
  sameDraft,
  templateFieldErrors,
  type TemplateFieldErrors,
} from './template-model';
import { TemplatePreview } from './template-preview';
import {
  fetchTemplate,
  fetchVariables,
  resetTemplate,
  saveTemplate,
  templateKeys,
  type ListedTemplate,
  type TemplateDraft,
  type TemplateKey,
  type TemplateLanguage,
} from './templates-api';
import { useTemplatePreview } from './use-template-preview';
import { VariablesList, variableTag } from './variables-list';

export interface TemplateEditorProps {
  clientId: string;
  slot: TemplateKey;
  language: TemplateLanguage;
  canWrite: boolean;
  /** The list's mark: the practice changed the English of this message but not this Spanish text. */
  missingTranslation?: boolean | undefined;
}

function ResetDialog({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        <Trans>Reset to the default?</Trans>
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <Trans>The practice&apos;s own wording is removed and the shipped default is used again.</Trans>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <Trans>Keep mine</Trans>
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          <Trans>Reset</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Whose wording is in use, a Spanish text still to write (issue 21), and a read-only role. */
function TemplateNotes({
  isDefault,
  missingTranslation,
  canWrite,
}: {
  isDefault: boolean;
  missingTranslation: boolean;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <Typography color="text.secondary">
        {isDefault ? t`The shipped default is in use.` : t`The practice’s own wording is in use.`}
      </Typography>
      {missingTranslation ? (
        <Alert severity="warning">
          <Trans>
            Spanish missing: the practice changed the English of this message, but this Spanish text is still
            the shipped default. Spanish-speaking patients receive it until you write the Spanish here.
          </Trans>
        </Alert>
      ) : null}
      {canWrite ? null : (
        <Alert severity="info">
          <Trans>Your role may read templates but not change them.</Trans>
        </Alert>
      )}
    </>
  );
}

/** Saving and resetting one template: the server's field messages land on the fields. */
function useTemplateWrites(
  clientId: string,
  slot: TemplateKey,
  language: TemplateLanguage,
  onFieldErrors: (errors: TemplateFieldErrors) => void,
) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settle = async (answer: MessageTemplateResponse, message: string) => {
    queryClient.setQueryData(templateKeys.one(clientId, slot, language), answer);
    notifySaved(message);
    // Both languages' lists: a change to the English can make the Spanish text missing, and back.
    await queryClient.invalidateQueries({ queryKey: templateKeys.lists(clientId) });
  };
  const save = useMutation({
    mutationFn: ({ draft, version }: { draft: TemplateDraft; version: number }) =>
      saveTemplate(clientId, slot, language, draft, version),
    onMutate: () => onFieldErrors({}),
    onSuccess: (answer) => settle(answer, t`Template saved`),
    onError: (error) => onFieldErrors(templateFieldErrors(error).fields),
  });
  const reset = useMutation({
    mutationFn: () => resetTemplate(clientId, slot, language),
    onSuccess: (answer) => settle(answer, t`Template reset to the default`),
  });
  return { save, reset };
}

function TemplateForm({
  clientId,
  slot,
  language,
  canWrite,
  missingTranslation,
  loaded,
  onReload,
}: TemplateEditorProps & {
  loaded: MessageTemplateResponse;
  onReload: () => void;
}) {
  const { t } = useLingui();
  const template: ListedTemplate = loaded.template;
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [saveErrors, setSaveErrors] = useState<TemplateFieldErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastField = useRef<TextFieldName>('bodyText');
  const { save, reset } = useTemplateWrites(clientId, slot, language, setSaveErrors);
  const { preview, pending } = useTemplatePreview(clientId, slot, language, draft);
  const variables = useQuery({
    queryKey: templateKeys.variables(clientId, slot, draft.smsServiceNameOptIn),
    queryFn: ({ signal }) => fetchVariables(clientId, slot, draft.smsServiceNameOptIn, signal),
    staleTime: 5 * 60_000,
  });
  const previewErrors = templateFieldErrors(preview.error).fields;
  const changed = !sameDraft(draft, draftOf(template));

  const insertVariable = (name: string) => {
    const fieldName = lastField.current;
    const input = inputs.current[fieldName];
    const current = draft[fieldName];
    const next = insertAt(
      current,
      input?.selectionStart ?? current.length,
      input?.selectionEnd ?? current.length,
      variableTag(name),
    );
    setDraft((previous) => ({ ...previous, [fieldName]: next.text }));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(260px, 1fr)' },
      }}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <TemplateNotes
          isDefault={template.isDefault}
          missingTranslation={missingTranslation === true || template.missingTranslation === true}
          canWrite={canWrite}
        />
        <TemplateFields
          channel={slot.channel}
          draft={draft}
          errors={{ ...previewErrors, ...saveErrors }}
          readOnly={!canWrite}
          onChange={(patch) => {
            setDraft((previous) => ({ ...previous, ...patch }));
            // A field edited since the refused save no longer carries the server's message.
            setSaveErrors((previous) =>
              Object.fromEntries(Object.entries(previous).filter(([name]) => !(name in patch))),
            );
          }}
          inputs={inputs}
          onFocusField={(name) => {
            lastField.current = name;
          }}
        />
        <SaveErrorAlert error={save.error ?? reset.error} onReload={onReload} />
        {canWrite ? (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={!changed || save.isPending}
              onClick={() => save.mutate({ draft, version: template.version })}
            >
              {save.isPending ? t`Saving…` : t`Save template`}
            </Button>
            <Button disabled={!changed} onClick={() => setDraft(draftOf(template))}>
              <Trans>Undo changes</Trans>
            </Button>
            <Button
              color="error"
              disabled={template.isDefault || reset.isPending}
              onClick={() => setConfirmReset(true)}
            >
              <Trans>Reset to default</Trans>
            </Button>
          </Stack>
        ) : null}
        <TemplatePreview preview={preview.data} error={preview.error} pending={pending} />
      </Stack>
      <VariablesList
        variables={variables.data?.variables}
        error={variables.error}
        onRetry={() => void variables.refetch()}
        onInsert={canWrite ? insertVariable : undefined}
      />
      {confirmReset ? (
        <ResetDialog
          onClose={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            reset.mutate();
          }}
        />
      ) : null}
    </Box>
  );
}

/** One template (kind × channel): its fields, the variables beside them and a live preview. */
export function TemplateEditor({
  clientId,
  slot,
  language,
  canWrite,
  missingTranslation,
}: TemplateEditorProps) {
  const { t } = useLingui();
  const one = useQuery({
    queryKey: templateKeys.one(clientId, slot, language),
    queryFn: ({ signal }) => fetchTemplate(clientId, slot, language, signal),
  });
  if (one.isPending) return <LoadingBlock label={t`Loading the template…`} />;
  if (one.isError)
    return <ErrorBlock error={one.error} what={t`the template`} onRetry={() => void one.refetch()} />;
  const { template } = one.data;
  return (
    <TemplateForm
      // A saved or reset template starts the form again from what the server holds.
      key={`${template.kind}-${template.channel}-${language}-${template.version}-${template.updatedAt ?? 'default'}`}
      clientId={clientId}
      slot={slot}
      language={language}
      canWrite={canWrite}
      missingTranslation={missingTranslation}
      loaded={one.data}
      onReload={() => void one.refetch()}
    />
  );
}
