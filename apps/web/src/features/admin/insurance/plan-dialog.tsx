import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import {
  createPlanRequestSchema,
  type CreatePlanRequest,
  type PlanAdmin,
} from '@scheduler/contract/admin/insurance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import * as z from 'zod';
import { assignPlanProviders, createPlan, fetchProvidersByPlan, updatePlan } from './insurance-api';
import { configKeys } from '../shared/api/config-keys';
import { ChecklistField, type ChecklistOption } from '../shared/components/checklist-field';
import { FormSelect, FormSwitch, FormTextField, type SelectOption } from '../shared/components/form-fields';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, validatedAs } from '../shared/components/save-feedback';
import { FormDialog, submitWithFieldErrors } from '../shared/components/form-dialog';
import { useAdminParams } from '../shared/use-admin-params';

interface PlanFormValues {
  carrierId: string;
  name: string;
  insuranceTypeId: string;
  topRank: string;
  active: boolean;
  providerIds: string[];
}

type PlanFormOutput = CreatePlanRequest & { providerIds: string[] };

const planFormSchema = z
  .object({
    carrierId: z.string(),
    name: z.string(),
    insuranceTypeId: z.string(),
    topRank: z.string(),
    active: z.boolean(),
    providerIds: z.array(z.string()),
  })
  .transform((values) => ({
    ...values,
    insuranceTypeId: values.insuranceTypeId === '' ? null : values.insuranceTypeId,
    topRank:
      values.topRank.trim() === ''
        ? null
        : /^\s*\d+\s*$/.test(values.topRank)
          ? Number(values.topRank)
          : Number.NaN,
  }))
  .transform(validatedAs(createPlanRequestSchema.extend({ providerIds: z.array(z.string()) })));

/** Carrier, name, type, top-package rank and the active switch. */
function PlanFields({
  control,
  carriers,
  types,
}: {
  control: Control<PlanFormValues, unknown, PlanFormOutput>;
  carriers: readonly SelectOption[];
  types: readonly SelectOption[];
}) {
  const { t } = useLingui();
  const typeOptions = [{ value: '', label: t`No type` }, ...types];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelect
          control={control}
          name="carrierId"
          label={t`Carrier`}
          options={carriers}
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="name"
          label={t`Plan name`}
          required
          maxLength={120}
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelect
          control={control}
          name="insuranceTypeId"
          label={t`Type`}
          options={typeOptions}
          fullWidth
        />
        <FormTextField
          control={control}
          name="topRank"
          label={t`Top package rank`}
          helperText={t`1 is shown first; empty: not a top package.`}
          type="number"
          min={1}
          max={100}
          fullWidth
        />
      </Stack>
      <FormSwitch
        control={control}
        name="active"
        label={t`Active`}
        helperText={t`Inactive plans are not offered to patients.`}
      />
    </>
  );
}

export interface PlanDialogProps {
  /** null: a new plan. */
  plan: PlanAdmin | null;
  carriers: readonly SelectOption[];
  types: readonly SelectOption[];
  providers: readonly ChecklistOption[];
  onClose: () => void;
  /** After a conflict: reads the plan again (the dialog then shows the latest version). */
  onReload: () => void;
}

/** Adds or edits an insurance plan (carrier, type, top-package rank, active) and the providers taking it. */
export function PlanDialog({ plan, carriers, types, providers, onClose, onReload }: PlanDialogProps) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  // Which providers take the plan, read fresh for the plan being edited.
  const taking = useQuery({
    queryKey: [...configKeys.insurance(clientId), 'plan-providers', plan?.planId],
    queryFn: ({ signal }) => fetchProvidersByPlan(clientId, plan?.planId ?? '', signal),
    enabled: plan !== null,
  });
  const currentProviderIds = useMemo(
    () => taking.data?.providers.map((provider) => provider.providerId) ?? [],
    [taking.data],
  );
  const initial = useMemo<PlanFormValues>(
    () => ({
      carrierId: plan?.carrierId ?? carriers[0]?.value ?? '',
      name: plan?.name ?? '',
      insuranceTypeId: plan?.insuranceTypeId ?? '',
      topRank: plan?.topRank === null || plan?.topRank === undefined ? '' : String(plan.topRank),
      active: plan?.active ?? true,
      providerIds: currentProviderIds,
    }),
    [plan, carriers, currentProviderIds],
  );
  const { control, handleSubmit, setError, formState, reset } = useForm<
    PlanFormValues,
    unknown,
    PlanFormOutput
  >({
    resolver: zodResolver(planFormSchema),
    defaultValues: initial,
  });
  useEffect(() => {
    if (!formState.isDirty) reset(initial);
  }, [formState.isDirty, initial, reset]);

  /** After a conflict: the providers taking the plan and the plan itself are read again. */
  const reloadAfterConflict = async () => {
    save.reset();
    const fresh = await taking.refetch();
    reset({ ...initial, providerIds: fresh.data?.providers.map((provider) => provider.providerId) ?? [] });
    onReload();
  };
  const save = useMutation({
    mutationFn: async ({ providerIds, ...fields }: PlanFormOutput) => {
      const saved = plan
        ? (await updatePlan(clientId, plan.planId, { ...fields, version: plan.version })).plan
        : (await createPlan(clientId, fields)).plan;
      if (
        currentProviderIds.length !== providerIds.length ||
        currentProviderIds.some((id) => !providerIds.includes(id))
      ) {
        // The version read with the set (a new plan's set starts at version 1).
        await assignPlanProviders(clientId, saved.planId, providerIds, taking.data?.providersVersion ?? 1);
      }
      return saved;
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: configKeys.insurance(clientId) });
      const name = saved.name;
      notifySaved(plan ? t`${name} saved` : t`${name} added`);
      onClose();
    },
  });

  const onSubmit = submitWithFieldErrors(handleSubmit, setError, (values) => save.mutateAsync(values));

  return (
    <FormDialog
      title={plan ? t`Edit ${plan.carrierName} ${plan.name}` : t`Add an insurance plan`}
      maxWidth="md"
      submitLabel={plan ? t`Save plan` : t`Add plan`}
      submitting={formState.isSubmitting}
      submitDisabled={plan !== null && !taking.data}
      saveError={save.error}
      onReload={() => void reloadAfterConflict()}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <PlanFields control={control} carriers={carriers} types={types} />
      {plan && taking.isPending ? <LoadingBlock label={t`Loading the providers taking this plan…`} /> : null}
      {taking.isError ? (
        <ErrorBlock
          error={taking.error}
          what={t`the providers taking this plan`}
          onRetry={() => void taking.refetch()}
        />
      ) : null}
      {plan === null || taking.data ? (
        <Controller
          control={control}
          name="providerIds"
          render={({ field }) => (
            <ChecklistField
              legend={t`Providers taking this plan`}
              options={providers}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
    </FormDialog>
  );
}
