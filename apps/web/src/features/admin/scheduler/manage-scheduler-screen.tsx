import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SettingDefinition } from '@scheduler/domain/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { configKeys } from '../shared/api/config-keys';
import { fetchAssignConfig, updateConfig } from '../shared/api/settings-api';
import { AdminPage } from '../shared/components/admin-page';
import { FormSelect, FormSwitch, FormTextField } from '../shared/components/form-fields';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { applyServerFieldErrors, notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';
import {
  changedRows,
  DEFINITIONS_BY_GROUP,
  defaultLabelOf,
  englishTextOf,
  fieldOfServerPath,
  formValuesOf,
  GROUP_TITLES,
  settingsFormSchema,
  spanishFallbackOf,
  type SettingsFormValues,
} from './settings-form-model';
import { settingDescription, settingLabel, settingValueLabel } from './setting-texts';

/**
 * Under a Spanish text (issue 21): whether it is written, and what Spanish-speaking patients see
 * while it is not (said in words, with a "Spanish missing" mark — not by colour).
 */
function SpanishTextStatus({
  control,
  spanishKey,
  englishKey,
}: {
  control: Control<SettingsFormValues>;
  spanishKey: string;
  englishKey: string;
}) {
  const { t } = useLingui();
  const spanish = useWatch({ control, name: spanishKey });
  const english = useWatch({ control, name: englishKey });
  const written = typeof spanish === 'string' && spanish.trim() !== '';
  if (written) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" color="error" variant="outlined" label={t`Spanish missing`} />
      <Typography variant="body2" color="text.secondary">
        {spanishFallbackOf(englishKey, english) === 'default'
          ? t`Spanish (optional) — missing: the booking page uses the Spanish of the default message.`
          : t`Spanish (optional) — missing: the booking page uses your English message above, as written.`}
      </Typography>
    </Stack>
  );
}

/** A '#RRGGBB' colour: typed, or picked. */
function ColourField({
  definition,
  control,
  hint,
}: {
  definition: SettingDefinition;
  control: Control<SettingsFormValues>;
  hint: ReactNode;
}) {
  const { t } = useLingui();
  const pickName = settingLabel(definition).toLowerCase();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        control={control}
        name={definition.key}
        label={settingLabel(definition)}
        helperText={
          <>
            {hint} {t`Use #RRGGBB.`}
          </>
        }
        maxLength={7}
        sx={{ maxWidth: 240 }}
        fullWidth
      />
      <Controller
        control={control}
        name={definition.key}
        render={({ field: colour }) => (
          <TextField
            type="color"
            label={t`Pick`}
            value={
              typeof colour.value === 'string' && /^#[0-9a-f]{6}$/i.test(colour.value)
                ? colour.value
                : '#000000'
            }
            onChange={(event) => colour.onChange(event.target.value.toUpperCase())}
            slotProps={{ htmlInput: { 'aria-label': t`Pick ${pickName}` } }}
            sx={{ width: 88 }}
          />
        )}
      />
    </Stack>
  );
}

function SettingField({
  definition,
  control,
  isDefault,
}: {
  definition: SettingDefinition;
  control: Control<SettingsFormValues>;
  isDefault: boolean;
}) {
  const { t } = useLingui();
  const defaultLabel = defaultLabelOf(definition);
  const hint = (
    <>
      {settingDescription(definition)} {defaultLabel === '' ? null : t`Default: ${defaultLabel}.`}
    </>
  );
  const englishKey = englishTextOf(definition.key);
  const kind = definition.kind;
  let field;
  switch (kind.type) {
    case 'boolean':
      field = (
        <FormSwitch
          control={control}
          name={definition.key}
          label={settingLabel(definition)}
          helperText={hint}
        />
      );
      break;
    case 'number': {
      const { min, max } = kind;
      field = (
        <FormTextField
          control={control}
          name={definition.key}
          label={settingLabel(definition)}
          helperText={
            <>
              {hint} {t`From ${min} to ${max}.`}
            </>
          }
          type="number"
          min={min}
          max={max}
          sx={{ maxWidth: 360 }}
          fullWidth
        />
      );
      break;
    }
    case 'enum':
      field = (
        <FormSelect
          control={control}
          name={definition.key}
          label={settingLabel(definition)}
          helperText={hint}
          options={kind.options.map((option) => ({
            value: option.value,
            label: settingValueLabel(option.value),
          }))}
          sx={{ maxWidth: 360 }}
          fullWidth
        />
      );
      break;
    case 'color':
      field = <ColourField definition={definition} control={control} hint={hint} />;
      break;
    case 'text':
      field = (
        <FormTextField
          control={control}
          name={definition.key}
          label={settingLabel(definition)}
          helperText={hint}
          multiline
          minRows={2}
          maxLength={kind.maxLength}
          fullWidth
          // A Spanish text is written in Spanish (spell-checking and screen readers follow `lang`).
          {...(englishKey === undefined ? {} : { slotProps: { htmlInput: { lang: 'es' } } })}
        />
      );
      break;
  }
  return (
    // A Spanish text sits under its English one, set in a little to read as its translation.
    <Box sx={englishKey === undefined ? { position: 'relative' } : { position: 'relative', mt: -1, pl: 2 }}>
      {field}
      {englishKey === undefined ? null : (
        <SpanishTextStatus control={control} spanishKey={definition.key} englishKey={englishKey} />
      )}
      {isDefault ? null : (
        <Chip size="small" label={t`Changed from default`} variant="outlined" sx={{ mt: 0.5 }} />
      )}
    </Box>
  );
}

/** managescheduler: every setting of spec section 9, grouped as the spec groups them; saved with updateConfig. */
export function ManageSchedulerScreen() {
  const { t, i18n } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: configKeys.settings(clientId, ruleId),
    queryFn: ({ signal }) => fetchAssignConfig(clientId, ruleId, signal),
  });

  const schedulerName = config.data?.schedulerName;
  const loaded = useMemo(
    () => (config.data ? formValuesOf(config.data.definitions) : undefined),
    [config.data],
  );
  const defaults = useMemo(
    () => new Set(config.data?.definitions.filter((d) => d.isDefault).map((d) => d.key) ?? []),
    [config.data],
  );

  const { control, handleSubmit, reset, setError, formState } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: loaded ?? {},
  });

  useEffect(() => {
    if (loaded) reset(loaded);
  }, [loaded, reset]);

  const save = useMutation({
    mutationFn: (rows: ReturnType<typeof changedRows>) =>
      updateConfig(clientId, ruleId, config.data?.version ?? 0, rows),
    onSuccess: (data) => {
      queryClient.setQueryData(configKeys.settings(clientId, ruleId), data);
      notifySaved(t`Scheduler settings saved`);
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!loaded) return;
    const rows = changedRows(loaded, values);
    if (rows.length === 0) {
      notifySaved(t`No changes to save`);
      return;
    }
    try {
      await save.mutateAsync(rows);
    } catch (error) {
      applyServerFieldErrors(error, setError, (path) => fieldOfServerPath(path, rows));
    }
  });

  return (
    <AdminPage
      title={t`Scheduler settings`}
      maxWidth={900}
      description={
        schedulerName === undefined
          ? undefined
          : t`Settings of ${schedulerName}. Settings you leave alone use the built-in default.`
      }
    >
      {config.isPending ? <LoadingBlock label={t`Loading settings…`} /> : null}
      {config.isError ? (
        <ErrorBlock error={config.error} what={t`the settings`} onRetry={() => void config.refetch()} />
      ) : null}
      {config.data ? (
        <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <Stack spacing={3}>
            {DEFINITIONS_BY_GROUP.map(({ group, definitions }) => (
              <Paper
                key={group}
                variant="outlined"
                component="section"
                aria-labelledby={`settings-${group}`}
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                <Typography id={`settings-${group}`} variant="h6" component="h2" sx={{ mb: 2 }}>
                  {i18n._(GROUP_TITLES[group])}
                </Typography>
                <Stack spacing={3}>
                  {definitions.map((definition) => (
                    <SettingField
                      key={definition.key}
                      definition={definition}
                      control={control}
                      isDefault={defaults.has(definition.key)}
                    />
                  ))}
                </Stack>
              </Paper>
            ))}
            <SaveErrorAlert
              error={save.error}
              onReload={() => {
                save.reset();
                void config.refetch();
              }}
            />
            <Stack
              direction="row"
              spacing={2}
              // Above the outlined fields' floating labels (z-index 1), which would otherwise draw over the buttons.
              sx={{ position: 'sticky', bottom: 0, zIndex: 2, py: 2, bgcolor: 'background.default' }}
            >
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? t`Saving…` : t`Save settings`}
              </Button>
              <Button
                type="button"
                disabled={!formState.isDirty || formState.isSubmitting}
                onClick={() => loaded && reset(loaded)}
              >
                <Trans>Discard changes</Trans>
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : null}
    </AdminPage>
  );
}
