// @vitest-environment jsdom
import type { ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { exactContrastRatio } from '../../../lib/colour';
import { ScheduleCalendar } from './schedule-calendar';
import { buildScheduleModel, HOLD_COLOURS, STATUS_COLOURS } from './schedule-model';
import { calendarDayOf } from './zone-mapping';

afterEach(cleanup);

// A New York location on Friday 27 November 2026 (EST, UTC−5); the front desk's now is 10:00 AM ET.
const NOW = Date.parse('2026-11-27T15:00:00.000Z');
const HELD = 'Held for County Care Finder until 10:05 AM ET';

const DATA: ScheduleResponse = {
  location: { locationId: '3', name: 'Midtown', timeZone: 'America/New_York' },
  from: '2026-11-27',
  to: '2026-11-27',
  providers: [
    { providerId: '1', displayName: 'Dr. Ana Ruiz', retired: false },
    { providerId: '2', displayName: 'Dr. Ben Cole', retired: false },
  ],
  days: ['1', '2'].map((providerId) => ({
    providerId,
    date: '2026-11-27',
    hours: [{ startUtc: '2026-11-27T13:00:00.000Z', endUtc: '2026-11-27T23:00:00.000Z' }],
  })),
  timeOff: [],
  appointments: [
    {
      appointmentId: '10',
      providerId: '1',
      startUtc: '2026-11-27T14:00:00.000Z',
      endUtc: '2026-11-27T14:30:00.000Z',
      status: 'booked',
      patientId: '90',
      patientName: 'Ada Lovelace',
      serviceName: 'Cleaning',
      confirmationNumber: 'K7M-4QXD',
    },
  ],
  closures: [],
  // Dr. Ruiz, 11:00–11:30 AM ET, held until 10:05 AM ET.
  holds: [
    {
      holdId: '7',
      providerId: '1',
      startUtc: '2026-11-27T16:00:00.000Z',
      endUtc: '2026-11-27T16:30:00.000Z',
      expiresAtUtc: '2026-11-27T15:05:00.000Z',
      partnerName: 'County Care Finder',
    },
  ],
};

function renderCalendar(data: ScheduleResponse = DATA) {
  const onSelectFreeTime = vi.fn();
  const onOpenAppointment = vi.fn();
  const onMoveAppointment = vi.fn();
  const view = render(
    <ScheduleCalendar
      model={buildScheduleModel(data)}
      view="day"
      date={calendarDayOf('2026-11-27')}
      now={() => NOW}
      onSelectFreeTime={onSelectFreeTime}
      onOpenAppointment={onOpenAppointment}
      onMoveAppointment={onMoveAppointment}
    />,
    { wrapper: I18nWrapper },
  );
  return { ...view, onSelectFreeTime, onOpenAppointment, onMoveAppointment };
}

describe("partners' holds on the schedule", () => {
  it("names the partner and the expiry on the location's clock, only in a shown provider's column", () => {
    const model = buildScheduleModel(DATA);
    expect(model.holds).toHaveLength(1);
    const [hold] = model.holds;
    expect(hold?.heldText).toBe(HELD);
    expect(hold?.timeText).toBe('11:00 AM – 11:30 AM ET');
    expect(hold?.accessibleName).toBe(`${HELD}, 11:00 AM – 11:30 AM ET, with Dr. Ana Ruiz`);
    expect(model.holdsByDay.get('1 2026-11-27')).toEqual([hold]);
    // Neither an appointment nor time off: the details and the drag know nothing of it.
    expect(model.appointments.map((block) => block.id)).toEqual(['10']);
    expect(model.timeOff).toEqual([]);

    const other = buildScheduleModel(DATA, { providerIds: new Set(['2']) });
    expect(other.holds).toEqual([]);
    expect(other.holdsByDay.size).toBe(0);
  });

  it('draws its text at least 4.5:1 on a colour no status uses', () => {
    expect(exactContrastRatio(HOLD_COLOURS.text, HOLD_COLOURS.background)).toBeGreaterThanOrEqual(4.5);
    for (const colours of Object.values(STATUS_COLOURS)) {
      expect(colours.background).not.toBe(HOLD_COLOURS.background);
    }
  });

  it("is a focusable block in the provider's column, placed as a block of its time, not a library event", () => {
    const { container } = renderCalendar();
    const hold = screen.getByRole('note', { name: `${HELD}, 11:00 AM – 11:30 AM ET, with Dr. Ana Ruiz` });
    expect(hold.textContent).toBe(`${HELD} 11:00 AM – 11:30 AM ET`);
    expect(hold.tabIndex).toBe(0);
    // Not a react-big-calendar event: never dragged, and the schedule's blocks are still the appointments.
    expect(hold.closest('.rbc-event, .rbc-background-event')).toBeNull();
    const events = container.querySelectorAll('.rbc-event');
    expect(events).toHaveLength(1);
    expect(events[0]?.querySelector('.schedule-event-patient')?.textContent).toBe('Ada Lovelace');
    // In Dr. Ruiz's column (the first), 11:00–11:30 of the 8 AM–6 PM shown: 30 % down, 5 % high.
    const columns = container.querySelectorAll('.rbc-time-content > .rbc-day-slot');
    expect(columns).toHaveLength(2);
    expect(columns[0]?.contains(hold)).toBe(true);
    expect(columns[1]?.querySelector('.schedule-hold')).toBeNull();
    expect(hold.style.top).toBe('30%');
    expect(hold.style.height).toBe('5%');
    // The column's 15-minute slots are the same as without holds (40 from 8 AM to 6 PM).
    expect(columns[0]?.querySelectorAll('.rbc-time-slot')).toHaveLength(40);

    hold.focus();
    expect(document.activeElement).toBe(hold);
  });

  it('is not taken for a free time, and opens nothing when clicked or pressed', async () => {
    const { container, onSelectFreeTime, onOpenAppointment, onMoveAppointment } = renderCalendar();
    // The library's slot selection listens for presses on the document: a press on the hold never gets there.
    const reached = vi.fn();
    // jsdom has no hit testing: nothing under the pointer (the library then leaves the press alone).
    document.elementFromPoint = () => null;
    document.addEventListener('mousedown', reached);
    document.addEventListener('touchstart', reached);
    try {
      const hold = screen.getByRole('note', { name: new RegExp(`^${HELD}`) });
      fireEvent.mouseDown(hold);
      fireEvent.touchStart(hold);
      fireEvent.mouseUp(hold);
      fireEvent.click(hold);
      expect(reached).not.toHaveBeenCalled();
      // A free slot's press does reach it (the check above can fail).
      fireEvent.mouseDown(container.querySelector('.rbc-time-slot')!);
      expect(reached).toHaveBeenCalledTimes(1);

      const user = userEvent.setup();
      hold.focus();
      await user.keyboard('{Enter} ');
    } finally {
      Reflect.deleteProperty(document, 'elementFromPoint');
      document.removeEventListener('mousedown', reached);
      document.removeEventListener('touchstart', reached);
    }
    expect(onSelectFreeTime).not.toHaveBeenCalled();
    expect(onOpenAppointment).not.toHaveBeenCalled();
    expect(onMoveAppointment).not.toHaveBeenCalled();
  });

  it('leaves a schedule without holds as it was', () => {
    const { container } = renderCalendar({ ...DATA, holds: [] });
    expect(container.querySelector('.schedule-holds')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
