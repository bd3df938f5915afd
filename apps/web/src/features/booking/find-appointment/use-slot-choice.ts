import type { Location } from '@scheduler/contract/scheduler-api';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { advanceStepper } from '../booking-steps';
import { ANY_LOCATION, readLocation, readProvider, readTime } from '../lib/flow-state';
import { newUuid } from '../lib/ids';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setSelectedProvider, setSelectedTime } from '../state/patientdetails-slice';
import { setLocation, setLocationSwitchPopUpOpen } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import type { useBookingAnalytics } from '../use-booking-analytics';
import type { SlotChoice } from './slot-parts';

type Send = ReturnType<typeof useBookingAnalytics>['send'];

/**
 * Choosing a time: kept in the booking state and on to additional details, or first the
 * location-switch question when the time is at another location than the one chosen.
 */
export function useSlotChoice(locationById: ReadonlyMap<string, Location>, send: Send) {
  const navigate = useNavigate();
  const { search: urlSearch } = useLocation();
  const dispatch = useBookingDispatch();
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const chosenLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const switchOpen = useBookingSelector((state) => state.servicetype.isLocationSwitchPopUpOpen);
  const selectedProvider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const selectedTime = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));

  const [pending, setPending] = useState<SlotChoice | null>(null);
  // Mounted from its first opening on (so that it can animate its closing).
  const [switchMounted, setSwitchMounted] = useState(false);
  if (switchOpen && !switchMounted) setSwitchMounted(true);

  // A dialog left open by a reload has no time to confirm any more.
  useEffect(() => {
    if (switchOpen && pending === null) dispatch(setLocationSwitchPopUpOpen(false));
  }, [switchOpen, pending, dispatch]);

  const commit = (choice: SlotChoice) => {
    const reused =
      selectedTime &&
      selectedTime.startUtc === choice.slot.startUtc &&
      selectedProvider?.providerId === choice.provider.providerId
        ? selectedTime.idempotencyKey
        : null;
    dispatch(setSelectedProvider({ ...choice.provider }));
    dispatch(
      setSelectedTime({
        startUtc: choice.slot.startUtc,
        dateLocal: choice.slot.dateLocal,
        timeLocal: choice.slot.timeLocal,
        locationId: choice.slot.locationId,
        idempotencyKey: reused ?? newUuid(),
      }),
    );
    dispatch(setStepper(advanceStepper(stepper, 1)));
    send({
      action: 'click',
      eventLabel: 'select_time',
      clickPageName: 'additionaldetails',
      eventDetails: {
        dateLocal: choice.slot.dateLocal,
        timeLocal: choice.slot.timeLocal,
        locationId: choice.slot.locationId,
      },
      context: { providerId: choice.provider.providerId, locationId: choice.slot.locationId },
    });
    void navigate({ pathname: '../additionaldetails', search: urlSearch }, { relative: 'path' });
  };

  const onSelect = (choice: SlotChoice) => {
    const chosenId = chosenLocation?.LocationId ?? ANY_LOCATION;
    if (chosenId !== ANY_LOCATION && chosenId !== choice.slot.locationId) {
      setPending(choice);
      dispatch(setLocationSwitchPopUpOpen(true));
      send({
        action: 'click',
        eventLabel: 'location_switch_prompt',
        context: { locationId: choice.slot.locationId },
      });
      return;
    }
    commit(choice);
  };

  const closeSwitch = () => {
    dispatch(setLocationSwitchPopUpOpen(false));
    setPending(null);
  };
  const confirmSwitch = () => {
    const choice = pending;
    const target: Location | undefined = choice ? locationById.get(choice.slot.locationId) : undefined;
    closeSwitch();
    if (!choice) return;
    if (target)
      dispatch(
        setLocation({ LocationId: target.id, name: target.name, slug: target.slug, phone: target.phone }),
      );
    send({
      action: 'click',
      eventLabel: 'location_switch_confirm',
      context: { locationId: choice.slot.locationId },
    });
    commit(choice);
  };

  return { pending, switchOpen, switchMounted, onSelect, closeSwitch, confirmSwitch };
}
