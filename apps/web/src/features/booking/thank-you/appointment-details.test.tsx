// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { AppointmentDetails } from './appointment-details';

const common = {
  provider: 'Dr. Emily Carter, DDS',
  locationName: 'BrightSmile Chicago',
  address: '200 N Michigan Ave, Chicago, IL 60601',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=BrightSmile%20Chicago',
  phone: '3125550100',
};

/** The text of the <dd> after the <dt> named `term`. */
function detail(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

afterEach(() => {
  cleanup();
});

describe('the thank-you appointment details', () => {
  it("show the date and time on the location's clock with its zone, and the patient's own time", () => {
    render(
      <AppointmentDetails
        {...common}
        startUtc="2026-11-27T14:00:00.000Z"
        timeZone="America/Chicago"
        viewerZone="America/Los_Angeles"
      />,
      { wrapper: I18nWrapper },
    );
    expect(detail('Date')).toBe('Friday, November 27, 2026');
    expect(detail('Time')).toBe('8:00 AM CT6:00 AM your time');
    expect(screen.getByText('6:00 AM your time').tagName).toBe('SPAN');
    expect(screen.getByTitle('Central Time').textContent).toBe('CT');
  });

  it('show one time when the patient is in the location zone', () => {
    render(
      <AppointmentDetails
        {...common}
        startUtc="2026-11-27T14:00:00.000Z"
        timeZone="America/Chicago"
        viewerZone="America/Chicago"
      />,
      { wrapper: I18nWrapper },
    );
    expect(detail('Time')).toBe('8:00 AM CT');
  });

  it('read a kept state with an unknown zone in UTC, named so, rather than break', () => {
    render(
      <AppointmentDetails
        {...common}
        startUtc="2026-11-27T14:00:00.000Z"
        timeZone="Nowhere/Special"
        viewerZone="UTC"
      />,
      { wrapper: I18nWrapper },
    );
    expect(detail('Time')).toBe('2:00 PM UTC');
  });
});
