import type { ProviderCard, SlotResponse } from '@scheduler/contract/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { OfficeMessage } from '../components/office-message';
import { providerDisplayName } from '../lib/flow-state';
import { formatDayLabel, formatSlotTime, groupByPartOfDay } from '../lib/slot-format';

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

/**
 * A time: a native button with Material UI's outlined/contained button looks (the app's static
 * stylesheet), dozens of which render cheaply on a phone.
 */
export function SlotButton({ choice, detail, selected, onSelect }: SlotButtonProps) {
  const time = formatSlotTime(choice.slot.timeLocal);
  return (
    <button
      type="button"
      className={selected ? 'btn btn--contained btn--stacked' : 'btn btn--stacked'}
      aria-pressed={selected}
      data-start-utc={choice.slot.startUtc}
      data-provider-id={choice.provider.providerId}
      data-location-id={choice.slot.locationId}
      onClick={() => onSelect(choice)}
    >
      <span>{time}</span>
      <span className="visually-hidden">
        , {formatDayLabel(choice.slot.dateLocal)}
        {detail ? ',' : ''}
      </span>
      {detail ? <span className="btn__detail"> {detail}</span> : null}
    </button>
  );
}

/** The provider's photo, or their initials when there is none (or it does not load). */
function ProviderAvatar({ provider }: { provider: ProviderCard }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="avatar">
      {provider.photoUrl && !failed ? (
        <img src={provider.photoUrl} alt="" onError={() => setFailed(true)} />
      ) : (
        <>
          {provider.firstName.slice(0, 1)}
          {provider.lastName.slice(0, 1)}
        </>
      )}
    </span>
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
    <article aria-labelledby={nameId} className="provider-card">
      <div className="provider-card__head">
        <ProviderAvatar provider={provider} />
        <div>
          <h3 id={nameId}>{providerDisplayName(provider)}</h3>
          {provider.distanceMiles !== null ? (
            <p className="provider-card__note">{provider.distanceMiles.toFixed(1)} miles away</p>
          ) : null}
          {showLocation && provider.locationIds.length > 0 ? (
            <p className="provider-card__note">{provider.locationIds.map(locationName).join(' · ')}</p>
          ) : null}
          {!provider.acceptingNewPatients ? (
            <p className="provider-card__note">Not accepting new patients</p>
          ) : null}
        </div>
      </div>
      {provider.noCapacity ? (
        <OfficeMessage
          severity="info"
          message={provider.message ?? formatMessage('PROVIDER_NO_CAPACITY')}
          phone={phone}
        >
          {provider.waitlistAllowed ? (
            <button type="button" className="btn btn--contained" onClick={() => onWaitlist(provider)}>
              Join the waitlist
            </button>
          ) : null}
        </OfficeMessage>
      ) : slots.length > 0 ? (
        <>
          <div className="slot-grid slot-grid--narrow">
            {shown.map((slot) => (
              <SlotButton
                key={slot.startUtc + slot.locationId}
                choice={{ slot, provider: person }}
                detail={showLocation ? locationName(slot.locationId) : `with ${provider.name}`}
                selected={selectedKey === slotKey(slot.startUtc, provider.providerId)}
                onSelect={onSelect}
              />
            ))}
          </div>
          {slots.length > INITIAL_SLOTS ? (
            <button
              type="button"
              className="btn btn--text find-more"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
            >
              {showAll ? 'Show fewer times' : `Show all ${slots.length} times`}
            </button>
          ) : null}
        </>
      ) : (
        <div className="provider-card__none">
          <p>{day ? `No times on ${formatDayLabel(day)}.` : 'No times on this day.'}</p>
          {next && next.dateLocal !== day ? (
            <button type="button" className="btn" onClick={() => onPickDay(next.dateLocal)}>
              Next available: {formatDayLabel(next.dateLocal)} at {formatSlotTime(next.timeLocal)}
            </button>
          ) : null}
        </div>
      )}
    </article>
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
    <section aria-labelledby="day-picker-title" className="day-picker">
      <h2 id="day-picker-title">Choose a day</h2>
      <div className="day-picker__row">
        <button
          type="button"
          className="btn btn--arrow"
          disabled={index <= 0}
          onClick={() => {
            const previous = days[index - 1];
            if (previous) onPick(previous);
          }}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous day with times</span>
        </button>
        <div ref={listRef} className="day-picker__days">
          {days.map((day) => {
            const [weekday = '', date = ''] = formatDayLabel(day).split(', ');
            return (
              <button
                type="button"
                key={day}
                className={
                  day === selected ? 'btn btn--contained btn--stacked btn--day' : 'btn btn--stacked btn--day'
                }
                aria-pressed={day === selected}
                onClick={() => onPick(day)}
              >
                <span>{weekday}</span>
                <span className="visually-hidden">, </span>
                <span className="btn__strong">{date}</span>
              </button>
            );
          })}
        </div>
        <button
          type="button"
          className="btn btn--arrow"
          disabled={index < 0 || index >= days.length - 1}
          onClick={() => {
            const following = days[index + 1];
            if (following) onPick(following);
          }}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next day with times</span>
        </button>
      </div>
    </section>
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
        <section key={part} aria-labelledby={`times-${part}`} className="time-part">
          <h3 id={`times-${part}`}>{part}</h3>
          <div className="slot-grid">
            {list.map((choice) => (
              <SlotButton
                key={slotKey(choice.slot.startUtc, choice.provider.providerId) + choice.slot.locationId}
                choice={choice}
                detail={detailOf(choice)}
                selected={selectedKey === slotKey(choice.slot.startUtc, choice.provider.providerId)}
                onSelect={onSelect}
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
