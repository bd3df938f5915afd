import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type WidgetSetup } from '@scheduler/contract/widget';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { fetchAssignConfig } from '../shared/api/settings-api';
import { SaveErrorAlert, notifySaved } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import { saveWidgetColor, widgetKeys } from './widget-api';
import { Section } from './widget-section';

/** The widget colour: appointment setting 20, as `#RRGGBB`. */
export const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColorSectionProps {
  setup: WidgetSetup;
  canWrite: boolean;
  draftColor: string;
  onDraftColor: (color: string) => void;
  onSaved: () => void;
}

/** The widget colour (appointment setting 20): a colour picker, its hex value, save and default. */
export function ColorSection({ setup, canWrite, draftColor, onDraftColor, onSaved }: ColorSectionProps) {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  // The settings' version as this screen read it: a stale save answers 409 instead of overwriting.
  const settings = useQuery({
    queryKey: configKeys.settings(clientId, ruleId),
    queryFn: ({ signal }) => fetchAssignConfig(clientId, ruleId, signal),
  });
  const version = settings.data?.version;
  const save = useMutation({
    mutationFn: (color: string) => {
      if (version === undefined) throw new Error(t`The settings are still loading. Try again in a moment.`);
      return saveWidgetColor(clientId, ruleId, version, color);
    },
    onSuccess: async (_saved, color) => {
      onDraftColor(color);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: widgetKeys.setup(clientId, ruleId) }),
        queryClient.invalidateQueries({ queryKey: configKeys.settings(clientId, ruleId) }),
      ]);
      onSaved();
      notifySaved(t`Widget colour saved`);
    },
  });
  const valid = HEX.test(draftColor);
  const changed = valid && draftColor.toUpperCase() !== setup.widgetColor;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) save.mutate(draftColor.toUpperCase());
  };

  return (
    <Section
      title={t`Colour`}
      description={t`The colour of the widget's buttons and links (default ${setup.defaultWidgetColor}). Text on it is kept readable.`}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="color"
            label={t`Pick`}
            value={valid ? draftColor : setup.widgetColor}
            onChange={(event) => onDraftColor(event.target.value.toUpperCase())}
            disabled={!canWrite}
            sx={{ width: 96 }}
          />
          <TextField
            label={t`Colour (#RRGGBB)`}
            value={draftColor}
            onChange={(event) => onDraftColor(event.target.value.trim())}
            error={!valid}
            helperText={
              valid
                ? setup.widgetColorIsDefault
                  ? t`The default colour`
                  : ' '
                : t`Enter a colour as #RRGGBB`
            }
            disabled={!canWrite}
          />
          <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!canWrite || !changed || save.isPending || version === undefined}
            >
              <Trans>Save colour</Trans>
            </Button>
            <Button
              disabled={
                !canWrite ||
                setup.widgetColor === setup.defaultWidgetColor ||
                save.isPending ||
                version === undefined
              }
              onClick={() => save.mutate(setup.defaultWidgetColor)}
            >
              <Trans>Use the default</Trans>
            </Button>
          </Stack>
        </Stack>
        <SaveErrorAlert error={save.error} />
      </Box>
    </Section>
  );
}
