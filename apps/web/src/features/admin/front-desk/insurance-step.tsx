import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RELATIONSHIPS, insuranceDetailsSchema, type InsuranceDetails } from '@scheduler/contract/booking';
import { useInsurancePlans } from './front-desk-api';

/** The contract's relationship labels (RELATIONSHIPS), by value. */
const RELATIONSHIP_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  self: msg`Self`,
  spouse: msg`Spouse`,
  child: msg`Child`,
  parent: msg`Parent`,
  common: msg`Common-law spouse`,
  other: msg`Other`,
};

export type InsuranceMode = 'none' | 'self-pay' | 'plan';

export interface InsuranceDraft {
  mode: InsuranceMode;
  carrierId: string;
  planId: string;
  memberId: string;
  relationship: string;
}

export const NO_INSURANCE: InsuranceDraft = {
  mode: 'none',
  carrierId: '',
  planId: '',
  memberId: '',
  relationship: 'self',
};

/** The insurance of the request (null: none given), or the field messages that stop it. */
export function checkInsurance(
  draft: InsuranceDraft,
): { insurance: InsuranceDetails | null } | { errors: Record<string, string> } {
  if (draft.mode === 'none') return { insurance: null };
  if (draft.mode === 'self-pay') return { insurance: { selfPay: true } };
  const parsed = insuranceDetailsSchema.safeParse({
    selfPay: false,
    carrierId: draft.carrierId,
    planId: draft.planId,
    memberId: draft.memberId,
    relationship: draft.relationship,
  });
  if (parsed.success) return { insurance: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'planId');
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Insurance is optional: none given, self-pay, or a plan of the brand with the member ID. */
export function InsuranceStep({
  clientId,
  draft,
  errors,
  onChange,
}: {
  clientId: string;
  draft: InsuranceDraft;
  errors: Record<string, string>;
  onChange: (draft: InsuranceDraft) => void;
}) {
  const { t, i18n } = useLingui();
  const plans = useInsurancePlans(clientId, draft.mode === 'plan');
  const carriers = plans.data?.carriers ?? [];
  const carrier = carriers.find((candidate) => candidate.carrierId === draft.carrierId);
  const set = (patch: Partial<InsuranceDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label={t`Insurance`}
        value={draft.mode}
        onChange={(event) => set({ mode: event.target.value as InsuranceMode })}
      >
        <FormControlLabel value="none" control={<Radio />} label={t`No insurance given`} />
        <FormControlLabel value="self-pay" control={<Radio />} label={t`Self-pay`} />
        <FormControlLabel value="plan" control={<Radio />} label={t`Insurance plan`} />
      </RadioGroup>
      {draft.mode !== 'plan' ? null : plans.isError ? (
        <Typography role="alert" variant="body2">
          <Trans>The insurance plans could not be loaded. Choose “No insurance given” or “Self-pay”.</Trans>
        </Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t`Carrier`}
            required
            value={plans.data ? draft.carrierId : ''}
            error={errors.carrierId !== undefined}
            helperText={errors.carrierId}
            onChange={(event) => set({ carrierId: event.target.value, planId: '' })}
          >
            {carriers.map((option) => (
              <MenuItem key={option.carrierId} value={option.carrierId}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t`Plan`}
            required
            value={carrier ? draft.planId : ''}
            error={errors.planId !== undefined}
            helperText={errors.planId}
            onChange={(event) => set({ planId: event.target.value })}
          >
            {(carrier?.plans ?? [])
              .filter((plan) => plan.active)
              .map((plan) => (
                <MenuItem key={plan.planId} value={plan.planId}>
                  {plan.name}
                </MenuItem>
              ))}
          </TextField>
          <TextField
            size="small"
            label={t`Member ID`}
            required
            value={draft.memberId}
            error={errors.memberId !== undefined}
            helperText={errors.memberId}
            onChange={(event) => set({ memberId: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            select
            size="small"
            label={t`Relationship to the policy holder`}
            required
            value={draft.relationship}
            error={errors.relationship !== undefined}
            helperText={errors.relationship}
            onChange={(event) => set({ relationship: event.target.value })}
          >
            {RELATIONSHIPS.map((relationship) => (
              <MenuItem key={relationship.value} value={relationship.value}>
                {RELATIONSHIP_LABELS[relationship.value]
                  ? i18n._(RELATIONSHIP_LABELS[relationship.value] as MessageDescriptor)
                  : relationship.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
    </Stack>
  );
}
