/**
 * The subcommand groups of each command (`/nickar ladder join`), by the English name that
 * `Command.group` uses: their names and descriptions in the `commands` catalogue.
 */
import type { MessageKey } from "../i18n/index.ts";

/** The players' command. */
export const COMMAND_NAME = "nickar";
/**
 * The admins' command: registered with `default_member_permissions` Manage Server, so Discord shows
 * it only to those who have it (a server can change that in its integration settings; the handlers
 * check Manage Server themselves all the same).
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

export interface GroupTexts {
  readonly name: MessageKey;
  readonly description: MessageKey;
}

export const GROUPS: Readonly<Record<string, Readonly<Record<string, GroupTexts>>>> = {
  [COMMAND_NAME]: {
    ladder: { name: "commands:group.ladder.name", description: "commands:group.ladder.description" },
    series: { name: "commands:group.series.name", description: "commands:group.series.description" },
  },
  [ADMIN_COMMAND_NAME]: {
    season: { name: "commands:group.season.name", description: "commands:group.season.description" },
    roles: { name: "commands:group.roles.name", description: "commands:group.roles.description" },
  },
};
