// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { Location } from '@scheduler/contract/scheduler-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { locationsKey } from '../api/get-catalogue';
import { bookingReducers } from '../state';
import { setSelectedProvider, setSelectedTime } from '../state/patientdetails-slice';
import { setServicetype } from '../state/servicetype-slice';
import { AppointmentSummary } from './appointment-summary';

configure({ asyncUtilTimeout: 8000 });

const scope = { clientName: 'brightsmile', scheduler: 'main' };

const CHICAGO: Location = {
  id: '5',
  slug: 'chicago',
  name: 'BrightSmile Chicago',
  addressLine1: '200 N Michigan Ave',
  addressLine2: null,
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  latitude: null,
  longitude: null,
  timeZone: 'America/Chicago',
  phone: '3125550100',
  onlineEnabled: true,
  waitlistEnabled: false,
};

/** The summary with an Emergency visit at 8:00 AM Chicago time (Fri, Nov 27 2026) chosen. */
function renderSummary(viewerZone: string, locations: Location[] | null = [CHICAGO]) {
  const store = configureStore({ reducer: bookingReducers });
  store.dispatch(
    setServicetype({ appointmentTypeId: '4', name: 'Emergency Dental Visit', durationMinutes: 30 }),
  );
  store.dispatch(setSelectedProvider({ providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' }));
  store.dispatch(
    setSelectedTime({
      startUtc: '2026-11-27T14:00:00.000Z',
      dateLocal: '2026-11-27',
      timeLocal: '08:00',
      locationId: '5',
      idempotencyKey: '0b9f3a52-3c1e-4a8e-9a57-2f8f0d3c1a11',
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (locations) queryClient.setQueryData(locationsKey(scope), locations);
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <AppointmentSummary scope={scope} viewerZone={viewerZone} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
  return screen.getByRole('region', { name: 'Your appointment' });
}

afterEach(() => {
  cleanup();
});

describe('the appointment summary card', () => {
  it("names the location's zone, and the patient's own time when they are elsewhere", () => {
    const card = renderSummary('America/Los_Angeles');
    expect(card.textContent).toContain('Emergency Dental Visit: Fri, Nov 27 at 8:00 AM CT');
    expect(card.textContent).toContain('6:00 AM your time');
    expect(screen.getByTitle('Central Time').textContent).toBe('CT');
    expect(card.textContent).toContain('Dr. Emily Carter, DDS · BrightSmile Chicago');
  });

  it('gives no second time to a patient in the same zone', () => {
    const card = renderSummary('America/Chicago');
    expect(card.textContent).toContain('Fri, Nov 27 at 8:00 AM CT');
    expect(card.textContent).not.toContain('your time');
  });
});
