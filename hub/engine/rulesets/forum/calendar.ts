/**
 * The forum calendar (FORUM-TIME-01/02, FORUM-OPEN-01): "the next 20:00 in Europe/Berlin"
 * as an absolute instant, computed from the `now` the caller passes in (the engine reads
 * no clock). The time-zone rules come from the runtime's Intl data, so a deadline is the
 * same on every replay of the same input on the same hub.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function localTime(at: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    hour: parts.hour as number,
    minute: parts.minute as number,
    second: parts.second as number,
  };
}

/** The zone's offset from UTC at an instant, in ms (east positive). */
function offsetAt(at: number, timeZone: string): number {
  const l = localTime(at, timeZone);
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second);
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** The instant a local wall-clock time occurs (the later reading in a DST overlap, shifted forward in a gap). */
function instantOf(y: number, m: number, d: number, hh: number, mm: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - offsetAt(wall, tz);
  const second = wall - offsetAt(first, tz);
  return Math.max(first, second);
}

/** The first instant strictly after `at` at which the zone's clock shows `hhmm`. */
export function nextLocal(at: number, hhmm: string, timeZone: string): number {
  const [hh, mm] = hhmm.split(":").map(Number) as [number, number];
  const today = localTime(at, timeZone);
  for (let k = 0; k < 3; k++) {
    const t = instantOf(today.year, today.month, today.day + k, hh, mm, timeZone);
    if (t > at) return t;
  }
  throw new Error(`no ${hhmm} in ${timeZone} within two days of ${at}`);
}
