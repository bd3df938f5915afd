import { Trans, useLingui } from '@lingui/react/macro';
import type { ProviderCard, SlotResponse } from '@scheduler/contract/scheduler-api';
import { useState } from 'react';
import { zoneName } from '../../../lib/zoned-time';
import { OfficeMessage } from '../components/office-message';
import { translateKnown } from '../../../lib/error-texts';
import { providerDisplayName } from '../lib/flow-state';
import { formatDayLabel, groupByPartOfDay, PART_OF_DAY_LABELS } from '../lib/slot-format';
import {
  groupByLocation,
  milesText,
  placeHeading,
  slotAccessibleName,
  slotTimeLabel,
  type Place,
} from './slot-label';
import { SPEC_REFUSAL_TEXTS } from '../../../lib/spec-refusal-texts';
import { useIntlLocale } from './use-intl-locale';

export interface SlotChoice {
  slot: SlotResponse;
  provider: { providerId: string; name: string; credentials: string | null; photoUrl: string | null };
}

export const slotKey = (startUtc: string, providerId: string) => `${startUtc}|${providerId}`;

/** What every time needs: where it is (name, zone, distance), the patient's zone, the selection. */
export interface SlotEnv {
  placeOf: (locationId: string) => Place;
  /** The server's location order (the fallback order of location groups). */
  locationOrder: readonly string[];
  /** The patient's zone; the browser's when undefined. */
  viewerZone?: string | undefined;
  selectedKey: string | null;
  onSelect: (choice: SlotChoice) => void;
}

export interface SlotButtonProps {
  choice: SlotChoice;
  env: SlotEnv;
  /** Show the provider's name under the time (not inside the provider's own card). */
  showProvider: boolean;
}

/**
 * A time: a native button with Material UI's outlined/contained button looks (the app's static
 * stylesheet), dozens of which render cheaply on a phone. It names the location's zone
 * ('8:00 AM CT') and, when the patient's zone differs, their own time.
 */
export function SlotButton({ choice, env, showProvider }: SlotButtonProps) {
  useIntlLocale(); // the labels follow the language
  const place = env.placeOf(choice.slot.locationId);
  const label = slotTimeLabel(choice.slot, place.timeZone, env.viewerZone);
  const selected = env.selectedKey === slotKey(choice.slot.startUtc, choice.provider.providerId);
  return (
    <button
      type="button"
      className={selected ? 'btn btn--contained btn--stacked btn--slot' : 'btn btn--stacked btn--slot'}
      aria-pressed={selected}
      aria-label={slotAccessibleName(label, choice.provider.name, place.name, choice.slot.dateLocal)}
      data-start-utc={choice.slot.startUtc}
      data-provider-id={choice.provider.providerId}
      data-location-id={choice.slot.locationId}
      onClick={() => env.onSelect(choice)}
    >
      <span>{label.full}</span>
      {label.yourTime ? <span className="btn__detail">{label.yourTime}</span> : null}
      {showProvider ? <span className="btn__detail btn__provider">{choice.provider.name}</span> : null}
    </button>
  );
}

/** The generic short zone of a location on a day ('CT', 'hora del Centro'), or null when the zone is unknown. */
function zoneOf(place: Place, startUtc: string | undefined, locale: string): string | null {
  if (!place.timeZone || !startUtc) return null;
  try {
    return zoneName(place.timeZone, Date.parse(startUtc), locale);
  } catch {
    return null;
  }
}

/**
 * A list of times: by part of day at one location; at several, one group per location (nearest
 * first with a ZIP code, with the distance shown), each in its own local time order.
 */
export function SlotGroups({
  choices,
  env,
  showProvider,
  idPrefix,
  narrow = false,
}: {
  choices: SlotChoice[];
  env: SlotEnv;
  showProvider: boolean;
  idPrefix: string;
  narrow?: boolean;
}) {
  const { i18n } = useLingui();
  const locale = useIntlLocale();
  const gridClass = narrow ? 'slot-grid slot-grid--narrow' : 'slot-grid';
  const groups = groupByLocation(
    choices,
    (choice) => choice.slot.locationId,
    (choice) => choice.slot.timeLocal,
    env.placeOf,
    env.locationOrder,
  );
  if (groups.length > 1)
    return groups.map(({ place, items }) => {
      const headingId = `${idPrefix}-loc-${place.locationId}`;
      return (
        <section key={place.locationId} aria-labelledby={headingId} className="time-part time-part--location">
          <h3 id={headingId}>{placeHeading(place, zoneOf(place, items[0]?.slot.startUtc, locale))}</h3>
          <div className={gridClass}>
            {items.map((choice) => (
              <SlotButton
                key={slotKey(choice.slot.startUtc, choice.provider.providerId) + choice.slot.locationId}
                choice={choice}
                env={env}
                showProvider={showProvider}
              />
            ))}
          </div>
        </section>
      );
    });
  return groupByPartOfDay(
    [...choices].sort((a, b) => a.slot.timeLocal.localeCompare(b.slot.timeLocal)),
    (choice) => choice.slot.timeLocal,
  ).map(([part, list]) => (
    <section key={part} aria-labelledby={`${idPrefix}-${part}`} className="time-part">
      <h3 id={`${idPrefix}-${part}`}>{i18n._(PART_OF_DAY_LABELS[part])}</h3>
      <div className={gridClass}>
        {list.map((choice) => (
          <SlotButton
            key={slotKey(choice.slot.startUtc, choice.provider.providerId) + choice.slot.locationId}
            choice={choice}
            env={env}
            showProvider={showProvider}
          />
        ))}
      </div>
    </section>
  ));
}

/** The provider's photo, or a branded avatar with their initials when there is none (or it does not load). */
function ProviderAvatar({ provider }: { provider: ProviderCard }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="avatar" aria-hidden="true">
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

/**
 * The provider's next time after `day`, never one before it: the server's first time on or after
 * the day shown (nextAvailableFrom), else its first time of the window only when that is later.
 */
export function nextAvailableAfter(
  provider: Pick<ProviderCard, 'nextAvailable' | 'nextAvailableFrom'>,
  day: string | null,
): SlotResponse | null {
  const candidate =
    provider.nextAvailableFrom !== undefined ? provider.nextAvailableFrom : provider.nextAvailable;
  if (!candidate) return null;
  if (day === null) return candidate;
  return candidate.dateLocal > day ? candidate : null;
}

const INITIAL_SLOTS = 12;

export interface ProviderCardViewProps {
  provider: ProviderCard;
  day: string | null;
  env: SlotEnv;
  phone: string | null;
  /** Name the provider's locations (searching every location). */
  showLocation: boolean;
  onPickDay: (day: string) => void;
  onWaitlist: (provider: ProviderCard) => void;
}

/** A provider with photo, credentials, distance, locations, and their times on the chosen day (or when they are next free). */
export function ProviderCardView({
  provider,
  day,
  env,
  phone,
  showLocation,
  onPickDay,
  onWaitlist,
}: ProviderCardViewProps) {
  const { t, i18n } = useLingui();
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
  const next = nextAvailableAfter(provider, day);
  const nextPlace = next ? env.placeOf(next.locationId) : null;
  const nextLabel = next && nextPlace ? slotTimeLabel(next, nextPlace.timeZone, env.viewerZone) : null;
  const count = slots.length;
  const dayLabel = day ? formatDayLabel(day) : '';
  const nextDay = next ? formatDayLabel(next.dateLocal) : '';
  const nextTime = nextLabel?.full ?? '';
  return (
    <article aria-labelledby={nameId} className="provider-card">
      <div className="provider-card__head">
        <ProviderAvatar provider={provider} />
        <div>
          <h3 id={nameId}>{providerDisplayName(provider)}</h3>
          {provider.distanceMiles !== null ? (
            <p className="provider-card__note">{milesText(provider.distanceMiles)}</p>
          ) : null}
          {showLocation && provider.locationIds.length > 0 ? (
            <p className="provider-card__note">
              {provider.locationIds.map((id) => env.placeOf(id).name).join(' · ')}
            </p>
          ) : null}
          {!provider.acceptingNewPatients ? (
            <p className="provider-card__note">
              <Trans>Not accepting new patients</Trans>
            </p>
          ) : null}
        </div>
      </div>
      {provider.noCapacity ? (
        <OfficeMessage
          severity="info"
          message={
            provider.message !== null
              ? translateKnown(i18n, provider.message)
              : i18n._(SPEC_REFUSAL_TEXTS.PROVIDER_NO_CAPACITY)
          }
          phone={phone}
        >
          {provider.waitlistAllowed ? (
            <button type="button" className="btn btn--contained" onClick={() => onWaitlist(provider)}>
              <Trans>Join the waitlist</Trans>
            </button>
          ) : null}
        </OfficeMessage>
      ) : slots.length > 0 ? (
        <>
          <SlotGroups
            choices={shown.map((slot) => ({ slot, provider: person }))}
            env={env}
            showProvider={false}
            idPrefix={`provider-${provider.providerId}`}
            narrow
          />
          {slots.length > INITIAL_SLOTS ? (
            <button
              type="button"
              className="btn btn--text find-more"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
            >
              {showAll ? t`Show fewer times` : t`Show all ${count} times`}
            </button>
          ) : null}
        </>
      ) : (
        <div className="provider-card__none">
          <p>{day ? t`No times on ${dayLabel}.` : t`No times on this day.`}</p>
          {next && nextLabel ? (
            <button type="button" className="btn" onClick={() => onPickDay(next.dateLocal)}>
              <Trans>
                Next available: {nextDay} at {nextTime}
              </Trans>
            </button>
          ) : null}
        </div>
      )}
    </article>
  );
}
