import { Trans, useLingui } from '@lingui/react/macro';
import type { Location } from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';
import { Suspense, lazy } from 'react';
import { WithMuiTheme } from '../../../lib/theme-control';
import type { BookingScope } from '../api/scope';
import type { WaitlistTarget } from '../components/waitlist-dialog';
import { providerDisplayName, type ChosenProvider, type ChosenTime } from '../lib/flow-state';
import { formatDayLabel } from '../lib/slot-format';
import { slotTimeLabel, type Place } from './slot-label';
import type { useSlotChoice } from './use-slot-choice';

// The dialogs load when first opened: the waitlist form (react-hook-form, zod, the patient fields)
// and the location-switch dialog are not needed to show the times.
const WaitlistDialog = lazy(async () => ({
  default: (await import('../components/waitlist-dialog')).WaitlistDialog,
}));
const LocationSwitchDialog = lazy(async () => ({
  default: (await import('./location-switch-dialog')).LocationSwitchDialog,
}));

/**
 * The time chosen earlier in the flow, with the button to go on with it: the step's primary
 * action, kept at the bottom of a phone's screen while the patient scrolls the times.
 */
export function SelectedTimeBar({
  time,
  provider,
  place,
  onContinue,
}: {
  time: ChosenTime;
  provider: ChosenProvider;
  place: Place;
  onContinue: () => void;
}) {
  const { t } = useLingui();
  const label = slotTimeLabel(time, place.timeZone);
  const day = formatDayLabel(time.dateLocal);
  const clock = label.full;
  const yourTime = label.yourTime ? ` (${label.yourTime})` : '';
  const providerName = providerDisplayName(provider);
  const placeName = place.name;
  return (
    <section aria-label={t`Your selected time`} className="selected-time">
      <p>
        <Trans>
          Selected:{' '}
          <strong>
            {day} at {clock}
          </strong>
          {yourTime} with {providerName} at {placeName}
        </Trans>
      </p>
      <button type="button" className="btn btn--contained" onClick={onContinue}>
        <Trans>Continue with this time</Trans>
      </button>
    </section>
  );
}

interface FindDialogsProps {
  choice: ReturnType<typeof useSlotChoice>;
  chosenLocationName: string;
  locationById: ReadonlyMap<string, Location>;
  waitlist: {
    scope: Pick<BookingScope, 'clientName' | 'scheduler'>;
    target: WaitlistTarget | null;
    appointmentTypeId: string;
    config: { settings: SchedulerSettings; today: string } | undefined;
    onClose: () => void;
  };
}

/** The location-switch question and the waitlist form, each loaded when first opened. */
export function FindDialogs({ choice, chosenLocationName, locationById, waitlist }: FindDialogsProps) {
  return (
    <>
      {choice.switchMounted ? (
        <Suspense fallback={null}>
          <WithMuiTheme>
            <LocationSwitchDialog
              open={choice.switchOpen}
              choice={choice.pending}
              chosenLocationName={chosenLocationName}
              slotLocation={
                choice.pending ? (locationById.get(choice.pending.slot.locationId) ?? null) : null
              }
              onKeepLooking={choice.closeSwitch}
              onSwitch={choice.confirmSwitch}
            />
          </WithMuiTheme>
        </Suspense>
      ) : null}
      {waitlist.target && waitlist.config ? (
        <Suspense fallback={null}>
          <WithMuiTheme>
            <WaitlistDialog
              scope={waitlist.scope}
              target={waitlist.target}
              appointmentTypeId={waitlist.appointmentTypeId}
              settings={waitlist.config.settings}
              today={waitlist.config.today}
              onClose={waitlist.onClose}
            />
          </WithMuiTheme>
        </Suspense>
      ) : null}
    </>
  );
}
