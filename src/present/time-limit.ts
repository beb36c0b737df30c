/**
 * A time limit per move as people read it, in the largest whole unit: short on the boards and
 * challenges ("5m", "1 h"), in words where it is chosen (settings, the `time` suggestions: "5 minutes").
 */
import type { Translate } from "../i18n/index.ts";

/** A unit's size in seconds, with the keys of its short form and of its words; largest first. */
const TIME_UNITS = [
  { size: 86400, short: "game:limit.days", words: "replies:time.days" },
  { size: 3600, short: "game:limit.hours", words: "replies:time.hours" },
  { size: 60, short: "game:limit.minutes", words: "replies:time.minutes" },
  { size: 1, short: "game:limit.seconds", words: "replies:time.seconds" },
] as const;

/** `seconds` in the largest unit that divides it: "5m", "90m", "1d" ("short"); "5 minutes", "1 dag" ("words"). */
export function timeLimitText(seconds: number, t: Translate, form: "short" | "words" = "short"): string {
  const unit = TIME_UNITS.find(({ size }) => seconds % size === 0) ?? TIME_UNITS[3];
  const n = seconds / unit.size;
  return form === "short" ? t(unit.short, { n }) : t(unit.words, { count: n });
}
