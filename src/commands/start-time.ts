/**
 * The `start` option of /nickar-tournament create: when the scheduler should start it. Discord has no
 * date option, so a time is typed: in a while ("90m", "2h", "1d 6h"), a Discord timestamp as pasted
 * from a timestamp tool (`<t:1767225600>`, `<t:1767225600:F>`), Unix seconds, or a date and time
 * ("2026-12-24 19:30", UTC unless an offset follows: "2026-12-24T19:30+01:00"). Written by hand: the
 * forms are few, and a date library would still need the relative and Discord forms added.
 */

/** The furthest ahead a start may be set. */
export const MAX_START_AHEAD_MS = 60 * 24 * 3600_000;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function relative(text: string): number | null {
  const parts = [...text.matchAll(/(\d+)\s*([mhd])/gi)];
  if (parts.length === 0 || text.replace(/(\d+)\s*([mhd])/gi, "").trim() !== "") return null;
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNIT_MS[unit.toLowerCase() as keyof typeof UNIT_MS], 0);
}

function absolute(text: string): number | null {
  const stamp = /^<t:(\d{1,12})(?::[tTdDfFR])?>$/.exec(text) ?? /^(\d{9,12})$/.exec(text);
  if (stamp) return Number(stamp[1]) * 1000;
  const date = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?:\s*(Z|UTC|[+-]\d{2}:?\d{2}))?$/i.exec(text);
  if (!date) return null;
  const [, y, mo, d, h, mi, zone] = date;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  const check = new Date(utc);
  // 2026-02-30 or 25:00 is refused rather than rolled over.
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23) return null;
  const offset = zone && /^[+-]/.test(zone) ? zoneMinutes(zone) : 0;
  return utc - offset * 60_000;
}

function zoneMinutes(zone: string): number {
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

/**
 * Unix milliseconds of the start typed as `text`, `now` being the current time; `"unknown"` when the
 * text is no time, `"past"` or `"too-far"` when it is out of range.
 */
export function parseStartTime(text: string, now: number): number | "unknown" | "past" | "too-far" {
  const trimmed = text.trim().replace(/^in\s+/i, "");
  const ahead = relative(trimmed);
  const at = ahead === null ? absolute(trimmed) : now + ahead;
  if (at === null) return "unknown";
  if (at <= now) return "past";
  if (at - now > MAX_START_AHEAD_MS) return "too-far";
  return at;
}
