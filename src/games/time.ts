/** Time limits per move: parsing "5m" / "1h" / "3d" / plain minutes, and formatting them back. */

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** The choices offered by /nickar challenge and /nickar settings. */
export const TIME_LIMIT_CHOICES = ["2m", "5m", "10m", "30m", "1h", "12h", "1d", "3d", "7d"] as const;

export const MIN_TIME_LIMIT = 60;
export const MAX_TIME_LIMIT = 14 * 86400;

/** "5m", "1h", "3d", "90" (minutes) -> seconds, or null when malformed or out of range. */
export function parseTimeLimit(text: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(text);
  if (!match) return null;
  const unit = (match[2] || "m").toLowerCase() as keyof typeof UNIT_SECONDS;
  const seconds = Number(match[1]) * UNIT_SECONDS[unit];
  return seconds >= MIN_TIME_LIMIT && seconds <= MAX_TIME_LIMIT ? seconds : null;
}

/** Seconds -> the largest whole unit: 300 -> "5m", 86400 -> "1d", 5400 -> "90m". */
export function formatTimeLimit(seconds: number): string {
  for (const unit of ["d", "h", "m"] as const) {
    if (seconds % UNIT_SECONDS[unit] === 0) return `${seconds / UNIT_SECONDS[unit]}${unit}`;
  }
  return `${seconds}s`;
}
