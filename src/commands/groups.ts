/**
 * The root commands (/nickar, /nickar-admin, /nickar-tournament, /nickar-puzzle): their names and the
 * catalogue keys of their descriptions. What each holds is its table (see `RootTable` in command.ts).
 */
import type { MessageKey } from "../i18n/index.ts";

/** The players' command. */
export const COMMAND_NAME = "nickar";
/**
 * The admins' command: registered with `default_member_permissions` Manage Server, so Discord shows
 * it only to those who have it (a server can change that in its integration settings; its subcommands
 * declare the MANAGE_SERVER guard all the same, or check it for the part that needs it).
 */
export const ADMIN_COMMAND_NAME = "nickar-admin";
/** The tournaments' command: a command of its own, as /nickar has no room left under Discord's 8,000 characters. */
export const TOURNAMENT_COMMAND_NAME = "nickar-tournament";

/** The puzzles' command: a command of its own too (solve, stats, top). */
export const PUZZLE_COMMAND_NAME = "nickar-puzzle";

export type RootCommand =
  | typeof COMMAND_NAME
  | typeof ADMIN_COMMAND_NAME
  | typeof TOURNAMENT_COMMAND_NAME
  | typeof PUZZLE_COMMAND_NAME;

/** Every top-level command, and the catalogue key of its description. */
export const ROOTS: Readonly<Record<RootCommand, MessageKey>> = {
  [COMMAND_NAME]: "commands:nickar.description",
  [ADMIN_COMMAND_NAME]: "commands:admin.description",
  [TOURNAMENT_COMMAND_NAME]: "commands:group.tournament.description",
  [PUZZLE_COMMAND_NAME]: "commands:puzzle.description",
};

/** A subcommand group's name and description in the `commands` catalogue. */
export interface GroupTexts {
  readonly name: MessageKey;
  readonly description: MessageKey;
}
