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
  type TemplateDraft,
  type TemplateKey,
} from './templates-api';
import { useTemplatePreview } from './use-template-preview';
import { VariablesList, variableTag } from './variables-list';

export interface TemplateEditorProps {
  clientId: string;
  slot: TemplateKey;
  canWrite: boolean;
}

function ResetDialog({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Reset to the default?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The practice&apos;s own wording is removed and the shipped default is used again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep mine</Button>
        <Button variant="contained" color="error" onClick={onConfirm}>
          Reset
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Saving and resetting one template: the server's field messages land on the fields. */
function useTemplateWrites(
  clientId: string,
  slot: TemplateKey,
  onFieldErrors: (errors: TemplateFieldErrors) => void,
) {
  const queryClient = useQueryClient();
  const settle = async (answer: MessageTemplateResponse, message: string) => {
    queryClient.setQueryData(templateKeys.one(clientId, slot), answer);
    notifySaved(message);
    await queryClient.invalidateQueries({ queryKey: templateKeys.list(clientId) });
  };
  const save = useMutation({
    mutationFn: ({ draft, version }: { draft: TemplateDraft; version: number }) =>
      saveTemplate(clientId, slot, draft, version),
    onMutate: () => onFieldErrors({}),
    onSuccess: (answer) => settle(answer, 'Template saved'),
    onError: (error) => onFieldErrors(templateFieldErrors(error).fields),
  });
  const reset = useMutation({
    mutationFn: () => resetTemplate(clientId, slot),
    onSuccess: (answer) => settle(answer, 'Template reset to the default'),
  });
  return { save, reset };
}

function TemplateForm({
  clientId,
  slot,
  canWrite,
  loaded,
  onReload,
}: TemplateEditorProps & {
  loaded: MessageTemplateResponse;
  onReload: () => void;
}) {
  const { template } = loaded;
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(template));
  const [saveErrors, setSaveErrors] = useState<TemplateFieldErrors>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const inputs = useRef<Partial<Record<TextFieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const lastField = useRef<TextFieldName>('bodyText');
  const { save, reset } = useTemplateWrites(clientId, slot, setSaveErrors);
  const { preview, pending } = useTemplatePreview(clientId, slot, draft);
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
        <Typography color="text.secondary">
          {template.isDefault ? 'The shipped default is in use.' : 'The practice’s own wording is in use.'}
        </Typography>
        {!canWrite ? <Alert severity="info">Your role may read templates but not change them.</Alert> : null}
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
              {save.isPending ? 'Saving…' : 'Save template'}
            </Button>
            <Button disabled={!changed} onClick={() => setDraft(draftOf(template))}>
              Undo changes
            </Button>
            <Button
              color="error"
              disabled={template.isDefault || reset.isPending}
              onClick={() => setConfirmReset(true)}
            >
              Reset to default
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
export function TemplateEditor({ clientId, slot, canWrite }: TemplateEditorProps) {
  const one = useQuery({
    queryKey: templateKeys.one(clientId, slot),
    queryFn: ({ signal }) => fetchTemplate(clientId, slot, signal),
  });
  if (one.isPending) return <LoadingBlock label="Loading the template…" />;
  if (one.isError)
    return <ErrorBlock error={one.error} what="the template" onRetry={() => void one.refetch()} />;
  const { template } = one.data;
  return (
    <TemplateForm
      // A saved or reset template starts the form again from what the server holds.
      key={`${template.kind}-${template.channel}-${template.version}-${template.updatedAt ?? 'default'}`}
      clientId={clientId}
      slot={slot}
      canWrite={canWrite}
      loaded={one.data}
      onReload={() => void one.refetch()}
    />
  );
}
