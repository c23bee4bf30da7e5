/** A cache lifetime (`maxAge`): milliseconds, or a duration string such as '1d'; serveStatic and sendFile. */

// A Map, not an object literal, so a unit such as 'constructor' never finds an inherited member.
const UNIT_MS = new Map<string, number>(
  Object.entries({
    ms: 1,
    msec: 1,
    msecs: 1,
    millisecond: 1,
    milliseconds: 1,
    s: 1000,
    sec: 1000,
    secs: 1000,
    second: 1000,
    seconds: 1000,
    m: 60_000,
    min: 60_000,
    mins: 60_000,
    minute: 60_000,
    minutes: 60_000,
    h: 3_600_000,
    hr: 3_600_000,
    hrs: 3_600_000,
    hour: 3_600_000,
    hours: 3_600_000,
    d: 86_400_000,
    day: 86_400_000,
    days: 86_400_000,
    w: 604_800_000,
    week: 604_800_000,
    weeks: 604_800_000,
    y: 31_557_600_000,
    yr: 31_557_600_000,
    yrs: 31_557_600_000,
    year: 31_557_600_000,
    years: 31_557_600_000,
  }),
);

/** The longest cache lifetime kitjs sends: one year (RFC 9111 advises no more). */
export const MAX_AGE_CAP_MS = 365 * 86_400_000;

// Bounded quantifiers keep this linear: a number of at most 15 digits, at most one space, a word.
const DURATION = /^(\d{1,15}(?:\.\d{1,15})?) ?([a-z]{1,12})?$/;

/**
 * Turns a `maxAge` value into whole milliseconds, capped at one year (STATIC-008), or `undefined` when the
 * value is not a non-negative finite number or a duration string this parser knows.
 *
 * The string forms are those of the `ms` package that Express users know ('500ms', '10s', '5m', '2h',
 * '1d', '1w', '1y', '2 days'); a bare numeric string counts as milliseconds.
 *
 * @example
 * ```ts
 * parseMaxAge('1d'); // 86_400_000
 * parseMaxAge(5000); // 5000
 * parseMaxAge('soon'); // undefined
 * ```
 */
export function parseMaxAge(value: unknown): number | undefined {
  let ms: number | undefined;
  if (typeof value === 'number') {
    ms = Number.isFinite(value) && value >= 0 ? value : undefined;
  } else if (typeof value === 'string') {
    const match = DURATION.exec(value.trim().toLowerCase());
    if (match) {
      const unit = match[2] === undefined ? 1 : UNIT_MS.get(match[2]);
      ms = unit === undefined ? undefined : Number(match[1]) * unit;
    }
  }
  return ms === undefined ? undefined : Math.min(Math.floor(ms), MAX_AGE_CAP_MS);
}
