/**
 * Option builders shared by subcommands of several features: the limit on free text, and the options
 * with a fixed set of values (who moves first, the computer's level), each value named in every language.
 * The options with more to them have files of their own: ruleset-option.ts, time-option.ts, and in their
 * features the game and tournament options.
 */
import type { SlashCommandStringOption } from "discord.js";
import { COMPUTER_LEVELS, type ComputerLevel, FIRST_CHOICES, type FirstChoice } from "../db/schema.ts";
import { quoted, UserError } from "../errors.ts";
import type { MessageKey } from "../i18n/index.ts";
import { localized, localizedChoice } from "./localize.ts";

/** Longest text accepted in a free-text option: ids, names and time limits are all far shorter. */
export const SHORT_TEXT = 100;

/** A string option with a fixed set of values, each named in every language by `names`. */
export function choiceOption<V extends string>(
  option: SlashCommandStringOption,
  name: MessageKey,
  description: MessageKey,
  values: readonly V[],
  names: Readonly<Record<V, MessageKey>>,
): SlashCommandStringOption {
  return localized(option, name, description)
    .setMaxLength(SHORT_TEXT)
    .addChoices(...values.map((value) => localizedChoice(names[value], value)));
}

const FIRST_CHOICE_NAME = {
  me: "commands:choice.first.me",
  them: "commands:choice.first.them",
  random: "commands:choice.first.random",
} as const satisfies Record<FirstChoice, MessageKey>;

/** The `first` option: who moves first (me, them or random). */
export function firstOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return choiceOption(option, "commands:option.first", description, FIRST_CHOICES, FIRST_CHOICE_NAME);
}

/** The computer opponent's levels, in words. */
export const LEVEL_NAME = {
  easy: "commands:choice.level.easy",
  medium: "commands:choice.level.medium",
  hard: "commands:choice.level.hard",
  expert: "commands:choice.level.expert",
} as const satisfies Record<ComputerLevel, MessageKey>;

/** The `level` option: the computer opponent's strength. */
export function levelOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return choiceOption(option, "commands:option.level", description, COMPUTER_LEVELS, LEVEL_NAME);
}

export function asLevel(text: string | null): ComputerLevel | null {
  if (text === null) return null;
  if (!(COMPUTER_LEVELS as readonly string[]).includes(text))
    throw new UserError("level/unknown", { text: quoted(text), levels: COMPUTER_LEVELS.join(", ") });
  return text as ComputerLevel;
}
