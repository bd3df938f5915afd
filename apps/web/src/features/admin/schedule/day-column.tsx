import {
  createContext,
  isValidElement,
  memo,
  useContext,
  useMemo,
  type CSSProperties,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { layoutDay } from './day-layout';
import { HOLD_COLOURS, type HoldBlock } from './schedule-model';
import { calendarDateText, calendarDayOf } from './zone-mapping';

/*
 * The schedule's provider column (react-big-calendar's `dayColumnWrapper`): the column the library
 * draws, with its time slots as plain markup. The library renders each 15-minute slot of each column
 * as React components (a group per hour, a wrapper per slot: 20 columns × 40 groups × 4 slots for a
 * day) and asks for each slot's props on every render of the column; here the slots of a column are
 * one string of HTML, built once per column and never re-rendered. The markup is the library's own
 * (`.rbc-timeslot-group` per hour holding a `.rbc-time-slot` per slot, in order), so its styles apply
 * and a slot is found as before; choosing a time (click or drag) is the library's, by the column's
 * geometry, not by the slot elements. Each slot is shaded as working time or not (schedule.css).
 *
 * Partners' holds (issue 20) are drawn here too, above the library's blocks, from the model (a few
 * per column, memoised): not library events, so never dragged, never opening an appointment, and a
 * press on one stops before the library's selection (which listens on the document), so a held time
 * is not offered as a free time. Each is focusable and named ('Held for … until 10:05 AM ET, …').
 */

/** Whether the provider (the column's resource id) works at the slot's wall-clock time. */
export type IsWorkingSlot = (resourceId: string, slot: Date) => boolean;

const SlotShadingContext = createContext<IsWorkingSlot>(() => false);

/** Gives the columns inside it their working-time shading. */
export const SlotShadingProvider = SlotShadingContext.Provider;

const WORKING = '<div class="rbc-time-slot schedule-working"></div>';
const OFF_HOURS = '<div class="rbc-time-slot schedule-off-hours"></div>';

/** The slots of a column as HTML: per group (an hour) a `.rbc-timeslot-group` of its slots. */
export function slotMarkup(
  groups: readonly (readonly Date[])[],
  resourceId: string | number | undefined,
  isWorking: IsWorkingSlot,
): string {
  const id = resourceId === undefined ? undefined : String(resourceId);
  let html = '';
  for (const group of groups) {
    html += '<div class="rbc-timeslot-group">';
    for (const slot of group) html += id !== undefined && isWorking(id, slot) ? WORKING : OFF_HOURS;
    html += '</div>';
  }
  return html;
}

/* Re-rendered only for other markup (not for the library's now-line or a drag in the column). */
const SlotLayer = memo(function SlotLayer({ html }: { html: string }) {
  return <div className="schedule-slots" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** The model's holds per `${providerId} ${date}` and the minutes of the day the columns show. */
export interface ColumnHolds {
  byDay: ReadonlyMap<string, readonly HoldBlock[]>;
  firstMinute: number;
  lastMinute: number;
}

const ColumnHoldsContext = createContext<ColumnHolds | null>(null);

/** Gives the columns inside it the partners' holds to draw. */
export const ColumnHoldsProvider = ColumnHoldsContext.Provider;

/* A press on a hold never reaches the library's slot selection (its listeners are on the document). */
const stopSelection = (event: SyntheticEvent) => event.stopPropagation();

/* The holds of one column on one date, placed as the appointment blocks are (day-layout.ts). */
const HoldLayer = memo(function HoldLayer({
  blocks,
  date,
  firstMinute,
  lastMinute,
}: {
  blocks: readonly HoldBlock[];
  date: string;
  firstMinute: number;
  lastMinute: number;
}) {
  const placed = layoutDay(
    blocks.map((block) => ({ event: block, start: block.start, end: block.end })),
    calendarDayOf(date),
    firstMinute,
    lastMinute,
  );
  return (
    <div className="schedule-holds">
      {placed.map(({ event: block, style }) => (
        <div
          key={block.id}
          role="note"
          tabIndex={0}
          aria-label={block.accessibleName}
          title={block.accessibleName}
          className="schedule-hold"
          style={{
            top: `${style.top}%`,
            height: `${style.height}%`,
            left: `${style.xOffset}%`,
            width: `${style.width}%`,
            backgroundColor: HOLD_COLOURS.background,
            color: HOLD_COLOURS.text,
            borderColor: HOLD_COLOURS.border,
          }}
          onMouseDown={stopSelection}
          onTouchStart={stopSelection}
          onClick={stopSelection}
        >
          <span className="schedule-event-text">
            <span className="schedule-event-line schedule-hold-title">{block.heldText}</span>{' '}
            <span className="schedule-event-line">{block.timeText}</span>
          </span>
        </div>
      ))}
    </div>
  );
});

type Props = Record<string, unknown>;

/* Props the library builds anew on each render of a column, compared by their values. */
const REBUILT = new Set(['style', 'getters', 'components']);

interface SlotMetrics {
  groups: Date[][];
}

/** The slots' span and step, which fix the rest of the library's slot metrics (with its localizer). */
function metricsKey({ groups }: SlotMetrics): string {
  const first = groups[0]?.[0]?.getTime();
  const lastGroup = groups[groups.length - 1];
  const last = lastGroup?.[lastGroup.length - 1]?.getTime();
  return `${first}/${last}/${groups.length}/${groups[0]?.length}`;
}

/*
 * The library makes new slot metrics on every render of a column (its cache key never matches), so
 * they are compared by what they measure.
 */
const sameMetrics = (a: unknown, b: unknown) =>
  typeof a === 'object' &&
  typeof b === 'object' &&
  a !== null &&
  b !== null &&
  Array.isArray((a as SlotMetrics).groups) &&
  Array.isArray((b as SlotMetrics).groups) &&
  metricsKey(a as SlotMetrics) === metricsKey(b as SlotMetrics);

/** Same keys, same values (functions aside when `skipFunctions`: the library's per-render closures). */
function sameProps(a: Props, b: Props, skipFunctions: boolean): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    const before = a[key];
    const after = b[key];
    if (before === after) continue;
    if (skipFunctions && typeof before === 'function' && typeof after === 'function') continue;
    if (key === 'slotMetrics' && sameMetrics(before, after)) continue;
    if (REBUILT.has(key) && typeof before === 'object' && typeof after === 'object' && before && after) {
      if (!sameProps(before as Props, after as Props, false)) return false;
      continue;
    }
    return false;
  }
  return true;
}

/** The same blocks (each: the same event, place and props) in the same order. */
function sameBlocks(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return a === b;
  for (let index = 0; index < a.length; index++) {
    const before: unknown = a[index];
    const after: unknown = b[index];
    if (!isValidElement(before) || !isValidElement(after)) return false;
    if (before.type !== after.type || before.key !== after.key) return false;
    // The handlers are new closures on every render of the column; each calls the column's current props.
    if (!sameProps(before.props as Props, after.props as Props, true)) return false;
  }
  return true;
}

/*
 * Whether the library's events container (the drag-and-drop addon's, holding the column's
 * background and appointment blocks) would render the same: the library re-renders a whole column,
 * every block, for its now-line (once per column when it mounts, then every minute). A drag in the
 * column re-renders the container through its own state and the addon's context, not through this.
 */
function sameEventsContainer(before: ReactNode, after: ReactNode): boolean {
  if (!isValidElement(before) || !isValidElement(after) || before.type !== after.type) return false;
  const { children: beforeInner, ...beforeProps } = before.props as Props;
  const { children: afterInner, ...afterProps } = after.props as Props;
  if (!sameProps(beforeProps, afterProps, false)) return false;
  if (!isValidElement(beforeInner) || !isValidElement(afterInner)) return false;
  const { children: beforeBlocks, ...beforeRest } = beforeInner.props as Props;
  const { children: afterBlocks, ...afterRest } = afterInner.props as Props;
  if (beforeInner.type !== afterInner.type || !sameProps(beforeRest, afterRest, false)) return false;
  if (!Array.isArray(beforeBlocks) || !Array.isArray(afterBlocks)) return false;
  if (beforeBlocks.length !== afterBlocks.length) return false;
  return beforeBlocks.every((blocks, index) => sameBlocks(blocks, afterBlocks[index]));
}

const EventsLayer = memo(
  function EventsLayer({ container }: { container: ReactNode }) {
    return <>{container}</>;
  },
  (before, after) => sameEventsContainer(before.container, after.container),
);

export interface DayColumnProps {
  ref?: Ref<HTMLDivElement>;
  className?: string;
  style?: CSSProperties;
  /** The library's children: [slot groups, events container, selection, now-line]. */
  children?: ReactNode;
  slotMetrics: SlotMetrics;
  resource?: string | number;
}

export function DayColumn({ ref, className, style, children, slotMetrics, resource }: DayColumnProps) {
  const isWorking = useContext(SlotShadingContext);
  const holds = useContext(ColumnHoldsContext);
  const { groups } = slotMetrics;
  const firstSlot = groups[0]?.[0];
  const date = firstSlot === undefined ? '' : calendarDateText(firstSlot);
  const columnHolds =
    holds === null || resource === undefined ? undefined : holds.byDay.get(`${String(resource)} ${date}`);
  const key = metricsKey(slotMetrics);
  const html = useMemo(
    () => slotMarkup(groups, resource, isWorking),
    // The markup follows the slots' span and step (`key`), not the metrics object made anew per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, resource, isWorking],
  );
  // The library's own slot groups (the first child) are left out: the slot layer draws them.
  if (!Array.isArray(children)) {
    return (
      <div ref={ref} className={className} style={style}>
        {children}
      </div>
    );
  }
  const [, events, selection, nowLine] = children as ReactNode[];
  return (
    <div ref={ref} className={className} style={style}>
      <SlotLayer html={html} />
      <EventsLayer container={events} />
      {columnHolds === undefined || holds === null ? null : (
        <HoldLayer
          blocks={columnHolds}
          date={date}
          firstMinute={holds.firstMinute}
          lastMinute={holds.lastMinute}
        />
      )}
      {selection}
      {nowLine}
    </div>
  );
}
