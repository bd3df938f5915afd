// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DayColumn, SlotShadingProvider, slotMarkup } from './day-column';

afterEach(cleanup);

const DAY = (hour: number, minute: number) => new Date(2026, 10, 27, hour, minute);
/** Two hours (8 and 9 o'clock) of 15-minute slots, as the library's slot metrics group them. */
const GROUPS = [8, 9].map((hour) => [0, 15, 30, 45].map((minute) => DAY(hour, minute)));
const metrics = () => ({ groups: GROUPS.map((group) => group.map((slot) => new Date(slot))) });
/** Provider 1 works 8:30–9:15. */
const isWorking = (providerId: string, slot: Date) =>
  providerId === '1' && slot >= DAY(8, 30) && slot < DAY(9, 15);

let renders: string[] = [];
function Block({ event, style }: { event: { id: string }; style: { top: number }; onClick: () => void }) {
  renders.push(event.id);
  return <div className="rbc-event" style={{ top: `${style.top}%` }} />;
}
function Container({ children }: { children: ReactNode; slotMetrics: unknown; resource: string }) {
  return <div className="container">{children}</div>;
}
const EVENTS = [{ id: 'a' }, { id: 'b' }];

/** The children the library gives the column: its slot groups, the events container, selection, now-line. */
function libraryChildren(events: { id: string }[], top = 10) {
  return [
    [<div key="0" className="library-slot-group" />],
    <Container key="c" slotMetrics={metrics()} resource="1">
      <div className="rbc-events-container">
        {[]}
        {events.map((event) => (
          <Block key={event.id} event={event} style={{ top }} onClick={() => undefined} />
        ))}
      </div>
    </Container>,
    false,
    <div key="n" className="rbc-current-time-indicator" />,
  ];
}

function column(children: ReactNode[], ref = createRef<HTMLDivElement>()) {
  return (
    <SlotShadingProvider value={isWorking}>
      <DayColumn ref={ref} className="rbc-day-slot" slotMetrics={metrics()} resource="1">
        {children}
      </DayColumn>
    </SlotShadingProvider>
  );
}

describe('schedule day column', () => {
  it('draws a group per hour of 15-minute slots, shaded by the provider’s working time', () => {
    const holder = document.createElement('div');
    holder.innerHTML = slotMarkup(GROUPS, '1', isWorking);
    const groups = holder.querySelectorAll(':scope > .rbc-timeslot-group');
    expect(groups).toHaveLength(2);
    const slots = [...holder.querySelectorAll('.rbc-timeslot-group > .rbc-time-slot')];
    expect(slots.map((slot) => slot.classList.contains('schedule-working'))).toEqual([
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    holder.innerHTML = slotMarkup(GROUPS, '2', isWorking);
    expect(holder.querySelectorAll('.schedule-off-hours')).toHaveLength(8);
  });

  it('keeps the library’s column, blocks and now-line, with its own slots in place of the library’s', () => {
    const ref = createRef<HTMLDivElement>();
    const { container } = render(column(libraryChildren(EVENTS), ref));
    const day = container.querySelector('.rbc-day-slot');
    expect(ref.current).toBe(day);
    expect(day?.querySelector('.library-slot-group')).toBeNull();
    expect(day?.querySelectorAll('.rbc-time-slot')).toHaveLength(8);
    expect(day?.querySelectorAll('.rbc-event')).toHaveLength(2);
    expect(day?.querySelector('.rbc-current-time-indicator')).not.toBeNull();
  });

  it('does not re-render the blocks when the library re-renders the column unchanged, and does when they change', () => {
    renders = [];
    const { rerender, container } = render(column(libraryChildren(EVENTS)));
    expect(renders).toEqual(['a', 'b']);
    // The library's re-render (its now-line): new elements, closures and slot metrics, the same blocks.
    rerender(column(libraryChildren(EVENTS)));
    expect(renders).toEqual(['a', 'b']);
    // A block moved: all drawn again, in their new place.
    rerender(column(libraryChildren(EVENTS, 20)));
    expect(renders).toEqual(['a', 'b', 'a', 'b']);
    expect((container.querySelector('.rbc-event') as HTMLElement).style.top).toBe('20%');
    // Another block.
    rerender(column(libraryChildren([...EVENTS, { id: 'c' }], 20)));
    expect(container.querySelectorAll('.rbc-event')).toHaveLength(3);
  });
});
