/**
 * The schedule's day layout (react-big-calendar's `dayLayoutAlgorithm`): where each block of one
 * provider's column goes, by plain minute arithmetic on the calendar dates (which are the
 * location's wall clock, zone-mapping.ts). The library's own 'overlap' layout asks the date library
 * a dozen questions per block; with 300 blocks that was most of the schedule's render (issue 19's
 * budget: a day of 20 providers and 300 appointments in ≤ 200 ms of main-thread time).
 *
 * Overlapping blocks share the column side by side: each cluster of overlapping blocks gets as
 * many lanes as it needs at most at once, each block the first free lane.
 */

export interface LayoutInput<T> {
  event: T;
  start: Date;
  end: Date;
}

export interface LaidOutBlock<T> {
  event: T;
  /** Percentages of the column (react-big-calendar's event style). */
  style: { top: number; height: number; width: number; xOffset: number };
}

const minutesOf = (date: Date) => date.getHours() * 60 + date.getMinutes() + date.getSeconds() / 60;

/**
 * Lays out the blocks of one column showing the wall-clock minutes [firstMinute, lastMinute] of
 * the day starting at `dayStart` (a calendar date at midnight).
 */
export function layoutDay<T>(
  blocks: readonly LayoutInput<T>[],
  dayStart: Date,
  firstMinute: number,
  lastMinute: number,
): LaidOutBlock<T>[] {
  const span = Math.max(1, lastMinute - firstMinute);
  const dayMs = dayStart.getTime();
  const nextDayMs = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() + 1).getTime();
  const placed = blocks
    .map((block) => {
      const from = block.start.getTime() < dayMs ? firstMinute : minutesOf(block.start);
      const to = block.end.getTime() >= nextDayMs ? lastMinute : minutesOf(block.end);
      const top = Math.min(Math.max(from, firstMinute), lastMinute);
      const bottom = Math.min(Math.max(to, top), lastMinute);
      return { event: block.event, top, bottom, lane: 0 };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);

  const result: LaidOutBlock<T>[] = [];
  let cluster: typeof placed = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const laneEnds: number[] = [];
  const flush = () => {
    const lanes = Math.max(1, laneEnds.length);
    for (const block of cluster) {
      result.push({
        event: block.event,
        style: {
          top: ((block.top - firstMinute) / span) * 100,
          height: (Math.max(block.bottom - block.top, 5) / span) * 100,
          width: 100 / lanes,
          xOffset: (100 / lanes) * block.lane,
        },
      });
    }
    cluster = [];
    laneEnds.length = 0;
  };
  for (const block of placed) {
    if (block.top >= clusterEnd && cluster.length > 0) flush();
    let lane = laneEnds.findIndex((end) => end <= block.top);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(block.bottom);
    } else {
      laneEnds[lane] = block.bottom;
    }
    block.lane = lane;
    cluster.push(block);
    clusterEnd = cluster.length === 1 ? block.bottom : Math.max(clusterEnd, block.bottom);
  }
  if (cluster.length > 0) flush();
  return result;
}
