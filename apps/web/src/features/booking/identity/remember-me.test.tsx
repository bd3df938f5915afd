// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedContext, type EmbedInfo } from '../../../lib/embed-context';
import { I18nWrapper } from '../../../i18n/test-support';
import { MIDTOWN, rememberInMemory, ZOE } from '../booking-test-harness';
import { readRememberedPatient, rememberPatient } from '../lib/remembered-patient';
import { RememberMeCheckbox, useRememberMe, type RememberFacts, type RememberMeChoice } from './remember-me';

configure({ asyncUtilTimeout: 8000 });

const WIDGET: EmbedInfo = { embedded: true, primaryColour: null, notifyBooked: () => undefined };

const FACTS: RememberFacts = {
  identity: ZOE,
  insurance: { selfPay: true },
  service: { appointmentTypeId: '4', name: 'Cleaning', durationMinutes: 60 },
  provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: '/avatars/7.png' },
  booking: {
    provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS' },
    location: MIDTOWN,
  },
};

let latest: RememberMeChoice | null = null;
function Harness({ allowInWidget }: { allowInWidget: boolean }) {
  const choice = useRememberMe('acme', allowInWidget);
  latest = choice;
  return <RememberMeCheckbox choice={choice} />;
}

function renderBox(embed: EmbedInfo | null, allowInWidget: boolean) {
  render(
    <EmbedContext.Provider value={embed}>
      <Harness allowInWidget={allowInWidget} />
    </EmbedContext.Provider>,
    { wrapper: I18nWrapper },
  );
}

const box = () => screen.queryByRole('checkbox', { name: 'Remember me on this device' });

describe('"Remember me on this device" at the identity step', () => {
  beforeEach(() => {
    rememberInMemory();
    latest = null;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is offered, unticked, on the booking page', async () => {
    renderBox(null, false);
    const checkbox = await screen.findByRole('checkbox', { name: 'Remember me on this device' });
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(checkbox.getAttribute('aria-describedby')).toBe('field-rememberMe-help');
    expect(screen.getByText(/Kept only in this browser, encrypted, for 180 days/)).toBeTruthy();
  });

  it('is hidden in a framed widget unless the practice allows it (landingPage 3)', () => {
    renderBox(WIDGET, false);
    expect(box()).toBeNull();
    cleanup();
    renderBox(WIDGET, true);
    expect(box()).not.toBeNull();
  });

  it('is ticked when this browser already remembers the patient', async () => {
    await rememberPatient('acme', { identity: FACTS.identity, insurance: null, lastBooking: null });
    renderBox(null, false);
    await waitFor(() => expect((box() as HTMLInputElement | null)?.checked).toBe(true));
  });

  it('remembers after the booking when ticked, forgets when unticked, touches nothing when not offered', async () => {
    const user = userEvent.setup();
    renderBox(null, false);
    await user.click(await screen.findByRole('checkbox', { name: 'Remember me on this device' }));
    await latest?.keepOrForget(FACTS);
    const remembered = await readRememberedPatient('acme');
    expect(remembered?.identity).toEqual(FACTS.identity);
    expect(remembered?.lastBooking).toEqual({
      service: FACTS.service,
      location: {
        LocationId: '3',
        name: 'BrightSmile Midtown Manhattan',
        slug: 'midtown-manhattan',
        phone: '2125550142',
      },
      provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: 'DDS', photoUrl: '/avatars/7.png' },
    });
    cleanup();

    // In a widget that does not allow it: what the booking page remembered stays as it is.
    renderBox(WIDGET, false);
    await latest?.keepOrForget(FACTS);
    expect(await readRememberedPatient('acme')).not.toBeNull();
    cleanup();

    renderBox(null, false);
    const checkbox = await screen.findByRole('checkbox', { name: 'Remember me on this device' });
    await waitFor(() => expect((checkbox as HTMLInputElement).checked).toBe(true));
    await user.click(checkbox);
    await latest?.keepOrForget(FACTS);
    expect(await readRememberedPatient('acme')).toBeNull();
  });
});
