import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ProviderCard, SlotResponse } from '@scheduler/domain/schemas/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { OfficeMessage } from '../components/office-message';
import { providerDisplayName } from '../lib/flow-state';
import { formatDayLabel, formatSlotTime, groupByPartOfDay } from '../lib/slot-format';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface SlotChoice {
  slot: SlotResponse;
  provider: { providerId: string; name: string; credentials: string | null; photoUrl: string | null };
}

export interface SlotButtonProps {
  choice: SlotChoice;
  /** Extra words for screen readers and under the time (provider, location). */
  detail?: string | undefined;
  selected: boolean;
  onSelect: (choice: SlotChoice) => void;
}

export function SlotButton({ choice, detail, selected, onSelect }: SlotButtonProps) {
  const time = formatSlotTime(choice.slot.timeLocal);
  return (
    <Button
      variant={selected ? 'contained' : 'outlined'}
      aria-pressed={selected}
      data-start-utc={choice.slot.startUtc}
      data-provider-id={choice.provider.providerId}
      data-location-id={choice.slot.locationId}
      onClick={() => onSelect(choice)}
      sx={{ minHeight: 44, flexDirection: 'column', lineHeight: 1.2, textTransform: 'none', fontWeight: 600 }}
    >
      <span>{time}</span>
      <Box component="span" sx={visuallyHidden}>
        , {formatDayLabel(choice.slot.dateLocal)}
        {detail ? ',' : ''}
      </Box>
      {detail ? (
        <Box component="span" sx={{ fontSize: '0.75rem', fontWeight: 400 }}>
          {' '}
          {detail}
        </Box>
      ) : null}
    </Button>
  );
}

const INITIAL_SLOTS = 12;

export interface ProviderCardViewProps {
  provider: ProviderCard;
  day: string | null;
  selectedKey: string | null;
  phone: string | null;
  locationName: (locationId: string) => string;
  showLocation: boolean;
  onSelect: (choice: SlotChoice) => void;
  onPickDay: (day: string) => void;
  onWaitlist: (provider: ProviderCard) => void;
}

export const slotKey = (startUtc: string, providerId: string) => `${startUtc}|${providerId}`;

/** A provider with photo, credentials, distance, and their times on the chosen day (or when they are next free). */
export function ProviderCardView({
  provider,
  day,
  selectedKey,
  phone,
  locationName,
  showLocation,
  onSelect,
  onPickDay,
  onWaitlist,
}: ProviderCardViewProps) {
  const [showAll, setShowAll] = useState(false);
  const slots = provider.slots.filter((slot) => slot.dateLocal === day);
  const shown = showAll ? slots : slots.slice(0, INITIAL_SLOTS);
  const nameId = `provider-${provider.providerId}-name`;
  const person = {
    providerId: provider.providerId,
    name: provider.name,
    credentials: provider.credentials,
    photoUrl: provider.photoUrl,
  };
  const next = provider.nextAvailable;
  return (
    <Box
      component="article"
      aria-labelledby={nameId}
      sx={{
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 1.5, sm: 2 },
        bgcolor: 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1.5 }}>
        <Avatar src={provider.photoUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
          {provider.firstName.slice(0, 1)}
          {provider.lastName.slice(0, 1)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box component="h3" id={nameId} sx={{ m: 0, fontSize: '1.1rem' }}>
            {providerDisplayName(provider)}
          </Box>
          {provider.distanceMiles !== null ? (
            <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.9rem' }}>
              {provider.distanceMiles.toFixed(1)} miles away
            </Box>
          ) : null}
          {showLocation && provider.locationIds.length > 0 ? (
            <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.9rem' }}>
              {provider.locationIds.map(locationName).join(' · ')}
            </Box>
          ) : null}
          {!provider.acceptingNewPatients ? (
            <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.9rem' }}>
              Not accepting new patients
            </Box>
          ) : null}
        </Box>
      </Box>
      {provider.noCapacity ? (
        <OfficeMessage
          severity="info"
          message={provider.message ?? formatMessage('PROVIDER_NO_CAPACITY')}
          phone={phone}
        >
          {provider.waitlistAllowed ? (
            <Button variant="contained" onClick={() => onWaitlist(provider)}>
              Join the waitlist
            </Button>
          ) : null}
        </OfficeMessage>
      ) : slots.length > 0 ? (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
            {shown.map((slot) => (
              <SlotButton
                key={slot.startUtc + slot.locationId}
                choice={{ slot, provider: person }}
                detail={showLocation ? locationName(slot.locationId) : `with ${provider.name}`}
                selected={selectedKey === slotKey(slot.startUtc, provider.providerId)}
                onSelect={onSelect}
              />
            ))}
          </Box>
          {slots.length > INITIAL_SLOTS ? (
            <Button onClick={() => setShowAll((value) => !value)} sx={{ mt: 1 }} aria-expanded={showAll}>
              {showAll ? 'Show fewer times' : `Show all ${slots.length} times`}
            </Button>
          ) : null}
        </>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Box component="p" sx={{ m: 0, color: 'text.secondary' }}>
            {day ? `No times on ${formatDayLabel(day)}.` : 'No times on this day.'}
          </Box>
          {next && next.dateLocal !== day ? (
            <Button variant="outlined" onClick={() => onPickDay(next.dateLocal)}>
              Next available: {formatDayLabel(next.dateLocal)} at {formatSlotTime(next.timeLocal)}
            </Button>
          ) : null}
        </Box>
      )}
    </Box>
  );
}

export interface DayPickerProps {
  days: string[];
  selected: string | null;
  onPick: (day: string) => void;
}

/** The days of the booking window that have times (no day outside it is offered). */
export function DayPicker({ days, selected, onPick }: DayPickerProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const button = listRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  const index = selected ? days.indexOf(selected) : -1;
  return (
    <Box component="section" aria-labelledby="day-picker-title" sx={{ mb: 2 }}>
      <Box component="h2" id="day-picker-title" sx={{ m: 0, mb: 1, fontSize: '1.15rem' }}>
        Choose a day
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button
          variant="outlined"
          disabled={index <= 0}
          onClick={() => {
            const previous = days[index - 1];
            if (previous) onPick(previous);
          }}
          sx={{ minWidth: 44, px: 1, minHeight: 56 }}
        >
          <span aria-hidden="true">‹</span>
          <Box component="span" sx={visuallyHidden}>
            Previous day with times
          </Box>
        </Button>
        <Box
          ref={listRef}
          sx={{
            display: 'flex',
            gap: 1,
            overflowX: 'auto',
            py: 0.5,
            px: 0.25,
            flex: 1,
            scrollbarWidth: 'thin',
          }}
        >
          {days.map((day) => {
            const [weekday = '', date = ''] = formatDayLabel(day).split(', ');
            return (
              <Button
                key={day}
                variant={day === selected ? 'contained' : 'outlined'}
                aria-pressed={day === selected}
                onClick={() => onPick(day)}
                sx={{
                  flex: 'none',
                  minWidth: 72,
                  minHeight: 56,
                  flexDirection: 'column',
                  lineHeight: 1.2,
                  textTransform: 'none',
                }}
              >
                <span>{weekday}</span>
                <Box component="span" sx={visuallyHidden}>
                  ,{' '}
                </Box>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {date}
                </Box>
              </Button>
            );
          })}
        </Box>
        <Button
          variant="outlined"
          disabled={index < 0 || index >= days.length - 1}
          onClick={() => {
            const following = days[index + 1];
            if (following) onPick(following);
          }}
          sx={{ minWidth: 44, px: 1, minHeight: 56 }}
        >
          <span aria-hidden="true">›</span>
          <Box component="span" sx={visuallyHidden}>
            Next day with times
          </Box>
        </Button>
      </Box>
    </Box>
  );
}

export interface TimeGridProps {
  choices: SlotChoice[];
  selectedKey: string | null;
  detailOf: (choice: SlotChoice) => string;
  onSelect: (choice: SlotChoice) => void;
}

/** Times grouped by part of day; each time carries the provider the scheduler assigned to it. */
export function TimeGrid({ choices, selectedKey, detailOf, onSelect }: TimeGridProps) {
  return (
    <>
      {groupByPartOfDay(choices, (choice) => choice.slot.timeLocal).map(([part, list]) => (
        <Box component="section" key={part} aria-labelledby={`times-${part}`} sx={{ mb: 2 }}>
          <Box component="h3" id={`times-${part}`} sx={{ m: 0, mb: 1, fontSize: '1rem' }}>
            {part}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
            {list.map((choice) => (
              <SlotButton
                key={slotKey(choice.slot.startUtc, choice.provider.providerId) + choice.slot.locationId}
                choice={choice}
                detail={detailOf(choice)}
                selected={selectedKey === slotKey(choice.slot.startUtc, choice.provider.providerId)}
                onSelect={onSelect}
              />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
