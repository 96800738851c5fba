/**
 * Strategy call time slots (issue 13, journey 6): the spec's business hours,
 * Mon-Fri 9:00 AM-6:00 PM in New York ("EST" in the spec, so EDT in summer),
 * cut into 30-minute calls. Times are stored in UTC; the wall clock and its
 * abbreviation (EST or EDT) come from the IANA zone America/New_York through
 * Intl, never from hand-written daylight-saving rules. Pure: pass `now`.
 */

/** The business hours' time zone. */
export const CALL_TIME_ZONE = "America/New_York";
/** First call of a day starts at 9:00; the last one at 17:30, ending at 18:00. */
const FIRST_START_MINUTES = 9 * 60;
const LAST_START_MINUTES = 17 * 60 + 30;
/** Length of a strategy call, in minutes (spec section 9). */
export const CALL_MINUTES = 30;
/** A slot must start at least this long after the request, so the team can confirm it. */
const LEAD_MINUTES = 120;
/** How many business days of slots the form offers. */
export const CALL_DAYS_OFFERED = 5;

const MINUTE_MS = 60_000;

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: CALL_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  weekday: "short",
  hourCycle: "h23",
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: string;
}

/** The New York wall clock at `instant`. */
function toWall(instant: Date): WallTime {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: parts.weekday ?? "",
  };
}

/**
 * The UTC instant when New York's wall clock reads `year-month-day hour:minute`:
 * start from that reading taken as UTC and correct it by the zone's offset,
 * twice, so a date on the other side of a daylight-saving change settles too.
 */
function fromWall(year: number, month: number, day: number, hour: number, minute: number): Date {
  const target = Date.UTC(year, month - 1, day, hour, minute);
  let guess = target;
  for (let i = 0; i < 2; i += 1) {
    const wall = toWall(new Date(guess));
    const shown = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    guess += target - shown;
  }
  return new Date(guess);
}

export interface CallSlot {
  /** Start of the call, UTC ISO 8601 (the value a form posts and the database keeps). */
  value: string;
  /** The day in New York, e.g. 'Tue, Nov 24'. */
  day: string;
  /** The start in New York with its zone, e.g. '9:30 AM EST' or '9:30 AM EDT'. */
  time: string;
}

const dayLabel = new Intl.DateTimeFormat("en-US", { timeZone: CALL_TIME_ZONE, weekday: "short", month: "short", day: "numeric" });
const timeLabel = new Intl.DateTimeFormat("en-US", {
  timeZone: CALL_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** A slot start as New York shows it: '{day}, {time}', e.g. 'Tue, Nov 24, 9:30 AM EST'. */
export function formatCallSlot(start: Date): string {
  return `${dayLabel.format(start)}, ${timeLabel.format(start)}`;
}

/**
 * The New York time label of a slot starting `minutes` after midnight on a day
 * whose UTC offset is `offsetMinutes`: the label depends on nothing else, so
 * each of the (at most 2 x 18) pairs is formatted once per process.
 */
const timeLabels = new Map<string, string>();
function timeLabelOf(start: Date, minutes: number, offsetMinutes: number): string {
  const key = `${offsetMinutes}:${minutes}`;
  let label = timeLabels.get(key);
  if (label === undefined) {
    label = timeLabel.format(start);
    timeLabels.set(key, label);
  }
  return label;
}

/**
 * The strategy call slots offered at `now`: every 30-minute start from 9:00 to
 * 17:30 New York time on the next `days` weekdays (today included), starting
 * at least two hours after `now`. New York changes its clock at 2:00 AM, so a
 * day's slots share the offset of its 9:00 start: one wall-clock conversion per
 * day, the other starts 30 minutes apart from it.
 * @returns slots in time order, each with its UTC value and New York labels.
 */
export function callSlots(now: Date, days = CALL_DAYS_OFFERED): CallSlot[] {
  const earliest = now.getTime() + LEAD_MINUTES * MINUTE_MS;
  const slots: CallSlot[] = [];
  const today = toWall(now);
  let businessDays = 0;
  // Walk New York calendar dates (noon of each, far from any clock change) until enough weekdays are found.
  for (let offset = 0; businessDays < days && offset < days * 3; offset += 1) {
    const noon = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const date = { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
    const first = fromWall(date.year, date.month, date.day, FIRST_START_MINUTES / 60, 0);
    const weekday = toWall(first).weekday;
    if (weekday === "Sat" || weekday === "Sun") continue;
    businessDays += 1;
    const offsetMinutes = (Date.UTC(date.year, date.month - 1, date.day) + FIRST_START_MINUTES * MINUTE_MS - first.getTime()) / MINUTE_MS;
    let day: string | undefined;
    for (let minutes = FIRST_START_MINUTES; minutes <= LAST_START_MINUTES; minutes += CALL_MINUTES) {
      const start = new Date(first.getTime() + (minutes - FIRST_START_MINUTES) * MINUTE_MS);
      if (start.getTime() < earliest) continue;
      day ??= dayLabel.format(start);
      slots.push({ value: start.toISOString(), day, time: timeLabelOf(start, minutes, offsetMinutes) });
    }
  }
  return slots;
}

/** Whether `value` (a posted slot) is one of the slots offered at `now`. */
export function isOfferedCallSlot(value: string, now: Date): boolean {
  return callSlots(now).some((slot) => slot.value === value);
}
