import { Trans, useLingui } from '@lingui/react/macro';
import {
  memo,
  useCallback,
  useMemo,
  type ComponentType,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { Calendar, type DayLayoutFunction, type EventProps, type SlotInfo } from 'react-big-calendar';
import dragAndDropModule, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './schedule.css';
import { ColumnHoldsProvider, DayColumn, SlotShadingProvider, type ColumnHolds } from './day-column';
import { layoutDay } from './day-layout';
import { scheduleLocalizer } from './schedule-localizer';
import {
  STATUS_COLOURS,
  isWorkingTime,
  type AppointmentBlock,
  type ProviderColumn,
  type ScheduleBlock,
  type ScheduleModel,
} from './schedule-model';
import { calendarDateText, fromCalendarDate, toCalendarDate } from './zone-mapping';

/*
 * The schedule's calendar: react-big-calendar's day and week time grids with one column per
 * provider (resources), on the location's wall clock (the model's calendar dates, zone-mapping.ts),
 * working hours shaded (off hours and closed days greyed), time off as background blocks, appointments
 * as focusable blocks coloured by status, partners' holds drawn by the columns (day-column.tsx), the
 * now-line at the location's now, and drag and drop.
 */

const localizer = scheduleLocalizer();
/*
 * The addon is CommonJS only (`exports.default`): imported from an ES module in Node's manner (the
 * app's build), its default import is the whole `exports` object; elsewhere the function itself.
 */
const withDragAndDrop =
  (dragAndDropModule as unknown as { default?: typeof dragAndDropModule }).default ?? dragAndDropModule;
const DragAndDropCalendar = withDragAndDrop<ScheduleBlock, ProviderColumn>(Calendar);

/** Statuses whose appointment may be moved by drag and drop (the others are past or over). */
const MOVABLE = new Set(['pending', 'booked']);

export type ScheduleView = 'day' | 'week';

export interface ScheduleCalendarProps {
  model: ScheduleModel;
  view: ScheduleView;
  /** The location date shown (day view) or within the week shown: 'YYYY-MM-DD'. */
  date: Date;
  /** The location's now (epoch ms); the now-line and "today" follow it. */
  now: () => number;
  /** A free time clicked (or a range dragged out) in a provider's column: the instant it starts. */
  onSelectFreeTime?: (providerId: string, startMs: number) => void;
  onOpenAppointment?: (block: AppointmentBlock) => void;
  /** An appointment dropped on another time or provider. */
  onMoveAppointment?: (block: AppointmentBlock, providerId: string, startMs: number) => void;
}

/* Each block shows its own time with the zone (schedule-model.ts): the library's label is not drawn. */
const noLabel = () => '';
const formats = {
  timeGutterFormat: 'h:mm A',
  dayFormat: 'ddd, MMM D',
  dayHeaderFormat: 'dddd, MMMM D, YYYY',
  eventTimeRangeFormat: noLabel,
  eventTimeRangeStartFormat: noLabel,
  eventTimeRangeEndFormat: noLabel,
};

/*
 * The time gutter's width, fixed (schedule.css gives the gutter the same): without it the library
 * measures the gutter after the first paint and re-renders the whole grid (every block) with it.
 */
const GUTTER_WIDTH = 84;
/* The calendar hands its other props to the view (TimeGrid's `width`), which its types do not list. */
const gutterWidth = { width: GUTTER_WIDTH } as object;

/* Plain HTML, memoised on the block: the library re-renders a column (all its blocks) for its now-line. */
function EventContentImpl({ event }: EventProps<ScheduleBlock>) {
  if (event.kind === 'timeOff') {
    return (
      <span className="schedule-event-text">
        <span className="schedule-event-line">
          <Trans>Time off</Trans>
        </span>
        <span className="schedule-event-line">{event.timeText}</span>
      </span>
    );
  }
  const { appointment } = event;
  // The lines after the patient's name in one element (a line each, each cut short with an ellipsis).
  return (
    <span className="schedule-event-text">
      <span className="schedule-event-line schedule-event-patient">{appointment.patientName}</span>
      <span className="schedule-event-line schedule-event-lines">
        {`${appointment.serviceName}\n${event.timeText}\n${event.statusLabel} · ${appointment.confirmationNumber}`}
      </span>
    </span>
  );
}

const EventContent = memo(EventContentImpl, (before, after) => before.event === after.event);

/* The columns draw their time slots as plain markup, shaded by working time (day-column.tsx). */
const components = { event: EventContent, dayColumnWrapper: DayColumn as ComponentType };

/** What the calendar asks of the model: the now, the hours shown, the layout and the colours. */
function useCalendarGetters(model: ScheduleModel, date: Date, now: () => number) {
  const { timeZone } = model;
  const getNow = useCallback(() => toCalendarDate(now(), timeZone), [now, timeZone]);
  const bounds = useMemo(() => {
    const min = new Date(date);
    min.setHours(model.firstHour, 0, 0, 0);
    const max = new Date(date);
    if (model.lastHour >= 24) max.setHours(23, 59, 59, 0);
    else max.setHours(model.lastHour, 0, 0, 0);
    return { min, max };
  }, [date, model.firstHour, model.lastHour]);

  const dayLayout = useCallback<DayLayoutFunction<ScheduleBlock>>(
    ({ events, slotMetrics }) => {
      const first = (slotMetrics as { groups: Date[][] }).groups[0]?.[0] ?? date;
      const dayStart = new Date(first.getFullYear(), first.getMonth(), first.getDate());
      return layoutDay(
        events.map((block) => ({ event: block, start: block.start, end: block.end })),
        dayStart,
        model.firstHour * 60,
        model.lastHour * 60,
      );
    },
    [date, model.firstHour, model.lastHour],
  );

  // The columns' slot shading (day-column.tsx): asked once per slot when a column mounts.
  const isWorking = useCallback(
    (providerId: string, slot: Date) => isWorkingTime(model, providerId, slot),
    [model],
  );
  const dayPropGetter = useCallback(
    (day: Date) => {
      return model.closures.has(calendarDateText(day)) ? { className: 'schedule-closed-day' } : {};
    },
    [model],
  );
  const eventPropGetter = useCallback((block: ScheduleBlock) => {
    if (block.kind === 'timeOff') return { className: 'schedule-time-off' };
    const colours = STATUS_COLOURS[block.appointment.status];
    return {
      className: `schedule-appointment schedule-status-${block.appointment.status}`,
      style: { backgroundColor: colours.background, color: colours.text, borderColor: colours.border },
    };
  }, []);
  return { getNow, bounds, dayLayout, isWorking, dayPropGetter, eventPropGetter };
}

/** What the calendar tells: a free time clicked, a block opened (click, Enter, Space), a block dropped. */
function useCalendarHandlers({
  model,
  onSelectFreeTime,
  onOpenAppointment,
  onMoveAppointment,
}: Pick<ScheduleCalendarProps, 'model' | 'onSelectFreeTime' | 'onOpenAppointment' | 'onMoveAppointment'>) {
  const { timeZone } = model;
  const handleSelectSlot = useCallback(
    (slot: SlotInfo) => {
      if (!onSelectFreeTime || slot.resourceId === undefined) return;
      onSelectFreeTime(String(slot.resourceId), fromCalendarDate(slot.start, timeZone));
    },
    [onSelectFreeTime, timeZone],
  );
  const handleSelectEvent = useCallback(
    (block: ScheduleBlock) => {
      if (block.kind === 'appointment') onOpenAppointment?.(block);
    },
    [onOpenAppointment],
  );
  const handleKeyPressEvent = useCallback(
    (block: ScheduleBlock, event: SyntheticEvent<HTMLElement>) => {
      const key = (event as KeyboardEvent<HTMLElement>).key;
      if (block.kind !== 'appointment' || (key !== 'Enter' && key !== ' ')) return;
      event.preventDefault();
      onOpenAppointment?.(block);
    },
    [onOpenAppointment],
  );
  const handleDrop = useCallback(
    ({ event, start, resourceId }: EventInteractionArgs<ScheduleBlock>) => {
      if (event.kind !== 'appointment' || !onMoveAppointment) return;
      const startDate = typeof start === 'string' ? new Date(start) : start;
      const providerId = resourceId === undefined ? event.resourceId : String(resourceId);
      const startMs = fromCalendarDate(startDate, timeZone);
      if (providerId === event.resourceId && startMs === Date.parse(event.appointment.startUtc)) return;
      onMoveAppointment(event, providerId, startMs);
    },
    [onMoveAppointment, timeZone],
  );
  const draggable = useCallback(
    (block: ScheduleBlock) =>
      onMoveAppointment !== undefined &&
      block.kind === 'appointment' &&
      MOVABLE.has(block.appointment.status),
    [onMoveAppointment],
  );
  return { handleSelectSlot, handleSelectEvent, handleKeyPressEvent, handleDrop, draggable };
}

const tooltip = (block: ScheduleBlock) => block.accessibleName;

function ScheduleCalendarImpl(props: ScheduleCalendarProps) {
  const { t } = useLingui();
  const { model, view, date, now, onSelectFreeTime } = props;
  // The library's own words (an all-day label, "+2 more"), through Lingui like every text.
  const messages = useMemo(
    () => ({
      allDay: t`All Day`,
      noEventsInRange: t`There are no events in this range.`,
      showMore: (total: number) => t`+${total} more`,
    }),
    [t],
  );
  const { getNow, bounds, dayLayout, isWorking, dayPropGetter, eventPropGetter } = useCalendarGetters(
    model,
    date,
    now,
  );
  const { handleSelectSlot, handleSelectEvent, handleKeyPressEvent, handleDrop, draggable } =
    useCalendarHandlers(props);
  // The columns' holds: a new value only with a new model (the columns' other renders keep it).
  const holds = useMemo<ColumnHolds>(
    () => ({
      byDay: model.holdsByDay,
      firstMinute: model.firstHour * 60,
      lastMinute: model.lastHour * 60,
    }),
    [model.holdsByDay, model.firstHour, model.lastHour],
  );

  return (
    <SlotShadingProvider value={isWorking}>
      <ColumnHoldsProvider value={holds}>
        <DragAndDropCalendar
          localizer={localizer}
          formats={formats}
          messages={messages}
          components={components}
          toolbar={false}
          views={['day', 'week']}
          view={view}
          onView={() => undefined}
          date={date}
          onNavigate={() => undefined}
          getNow={getNow}
          min={bounds.min}
          max={bounds.max}
          {...gutterWidth}
          step={15}
          timeslots={4}
          resources={model.providers}
          resourceIdAccessor="id"
          resourceTitleAccessor="title"
          resourceAccessor="resourceId"
          events={model.appointments}
          backgroundEvents={model.timeOff}
          titleAccessor={tooltip}
          tooltipAccessor={null}
          dayPropGetter={dayPropGetter}
          eventPropGetter={eventPropGetter}
          selectable={onSelectFreeTime !== undefined}
          onSelectSlot={handleSelectSlot}
          onSelectEvent={handleSelectEvent}
          onKeyPressEvent={handleKeyPressEvent}
          draggableAccessor={draggable}
          resizable={false}
          onEventDrop={handleDrop}
          dayLayoutAlgorithm={dayLayout}
          showMultiDayTimes
        />
      </ColumnHoldsProvider>
    </SlotShadingProvider>
  );
}

export const ScheduleCalendar = memo(ScheduleCalendarImpl);
