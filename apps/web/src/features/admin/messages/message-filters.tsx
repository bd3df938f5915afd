import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from '@scheduler/contract/admin/messages';
import { dateRangeError } from '../shared/components/appointment-filters';
import { ChoiceFilter, filterFieldSx } from '../shared/components/choice-filter';
import { NO_MESSAGE_FILTERS, type MessageFilters } from '../shared/messages/messages-api';
import { messageChannelLabel, messageKindLabel, messageStatusLabel } from '../shared/status-labels';

/** The choices of a filter, named in the active language (built at render). */
const choices = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }));

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

export function hasMessageFilters(filters: MessageFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

export interface MessageFiltersBarProps {
  value: MessageFilters;
  onChange: (next: MessageFilters) => void;
}

/** Status, channel, kind and planned-date filters of the Messages screen (a labelled group). */
export function MessageFiltersBar({ value, onChange }: MessageFiltersBarProps) {
  const { t } = useLingui();
  const rangeError = dateRangeError(value);
  const set = (patch: Partial<MessageFilters>) => onChange({ ...value, ...patch });
  return (
    <Box
      role="group"
      aria-label={t`Filters`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <ChoiceFilter
        label={t`Status`}
        anyLabel={t`Any status`}
        value={value.status}
        choices={choices(MESSAGE_STATUSES, messageStatusLabel)}
        onChange={(next) => set({ status: oneOf<MessageStatus>(MESSAGE_STATUSES, next) })}
      />
      <ChoiceFilter
        label={t`Channel`}
        anyLabel={t`Any channel`}
        value={value.channel}
        choices={choices(MESSAGE_CHANNELS, messageChannelLabel)}
        onChange={(next) => set({ channel: oneOf<MessageChannel>(MESSAGE_CHANNELS, next) })}
      />
      <ChoiceFilter
        label={t`Kind`}
        anyLabel={t`Any kind`}
        value={value.kind}
        choices={choices(MESSAGE_KINDS, messageKindLabel)}
        onChange={(next) => set({ kind: oneOf<MessageKind>(MESSAGE_KINDS, next) })}
      />
      <TextField
        type="date"
        size="small"
        label={t`Planned from`}
        value={value.from}
        onChange={(event) => set({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={filterFieldSx}
      />
      <TextField
        type="date"
        size="small"
        label={t`Planned to`}
        value={value.to}
        error={rangeError !== null}
        helperText={rangeError ?? undefined}
        onChange={(event) => set({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={filterFieldSx}
      />
      {hasMessageFilters(value) ? (
        <Button onClick={() => onChange(NO_MESSAGE_FILTERS)} sx={{ alignSelf: 'center' }}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
