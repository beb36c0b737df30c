/** The `time` option (a game's time limit): its builder, what a typed limit means, and its suggestions. */
import type { SlashCommandStringOption } from "discord.js";
import { quoted, UserError } from "../errors.ts";
import { formatTimeLimit, parseTimeLimit, TIME_LIMIT_CHOICES } from "../games/time.ts";
import type { MessageKey, Translate } from "../i18n/index.ts";
import { timeLimitText } from "../present/time-limit.ts";
import type { Choice } from "./command.ts";
import { localized } from "./localize.ts";
import { SHORT_TEXT } from "./options.ts";

/** The `time` option, by autocomplete: the usual limits are suggested, and any limit can be typed ("2h"). */
export function timeOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return localized(option, "commands:option.time", description).setAutocomplete(true).setMaxLength(SHORT_TEXT);
}

/**
 * Suggestions for the `time` option: what is typed when it is a valid limit, then the usual limits
 * starting with it; shown in words in the user's language, sent as the short form ("5m") the option reads.
 */
export function timeChoices(t: Translate, typed: string): Choice[] {
  const text = typed.trim().toLowerCase();
  const seconds = text ? parseTimeLimit(text) : null;
  const own = seconds === null ? [] : [formatTimeLimit(seconds)];
  const usual = TIME_LIMIT_CHOICES.filter((limit) => limit.startsWith(text) && !own.includes(limit));
  return [...own, ...usual].map((limit) => ({
    name: timeLimitText(parseTimeLimit(limit) ?? 0, t, "words"),
    value: limit,
  }));
}

export function parseTime(text: string | null): number | null {
  if (text === null) return null;
  const seconds = parseTimeLimit(text);
  if (seconds === null) {
    throw new UserError("time/invalid", { text: quoted(text) });
  }
  return seconds;
}
