/**
 * The shapes of the command tables: a subcommand's own part (`Command`: its definition and handlers), the
 * guards that must hold before its handler runs (`Guard`), and a root command's table (`RootTable`), which
 * lists its subcommands and groups with their guards, as Sapphire's subcommand mappings do.
 */
import type { SlashCommandSubcommandBuilder } from "discord.js";
import type { UserError } from "../errors.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { GroupTexts, RootCommand } from "./groups.ts";

export interface Choice {
  readonly name: string;
  readonly value: string;
}

/** A subcommand's own part: where it is registered and what must hold first is its root command's table. */
export interface Command {
  readonly definition: SlashCommandSubcommandBuilder;
  handle(ctx: HandlerContext, options: CommandOptions): Response | Promise<Response>;
  /**
   * Suggestions for the focused option (at most 25). `options` are the other options as typed so far
   * (users and channels are not resolved while typing).
   */
  autocomplete?(
    ctx: HandlerContext,
    focused: { name: string; value: string },
    options?: CommandOptions,
  ): Choice[] | Promise<Choice[]>;
}

/**
 * When a guard is checked, in this order whatever order a table lists them in: where the command runs
 * (`place`: in a server), who runs it (`member`: Manage Server), then what the options name (`subject`: the
 * organiser of the tournament, a player of the game). Subject guards read the options, so autocomplete,
 * whose options are half typed, checks only the first two.
 */
export const GUARD_STAGES = ["place", "member", "subject"] as const;
export type GuardStage = (typeof GUARD_STAGES)[number];

/**
 * A precondition of a subcommand, declared in its root command's table and checked by the router before
 * the handler runs (guards.ts). The guards of the generic layer are in guards.ts (GUILD, MANAGE_SERVER);
 * a feature declares those about its own things (ORGANISER in tournaments, PLAYER in games).
 */
export interface Guard {
  /** How tables, tests and docs call it: "guild", "manage-server", "organiser", "player". */
  readonly name: string;
  readonly stage: GuardStage;
  /**
   * The refusal, a UserError with its code, when the guard does not hold; null when it does. Finding what
   * an option names may itself refuse (no such tournament): that UserError is thrown as it is.
   */
  refusal(ctx: HandlerContext, options: CommandOptions, subcommand: Subcommand): UserError | null;
}

/** A subcommand group of a table: its English name (the key of its texts' catalogue entries) and its subcommands. */
export interface TableGroup {
  readonly name: string;
  readonly texts: GroupTexts;
  readonly subcommands: readonly TableEntry[];
}

/** One line of a table: the subcommand, and the guards (besides the table's own) that must hold before it runs. */
export interface TableEntry {
  readonly command: Command;
  readonly guards?: readonly Guard[];
}

/**
 * A root command's table: its subcommands, then its groups, in the order Discord shows them (the order
 * they are registered in); `guards` hold for every one of them.
 */
export interface RootTable {
  readonly name: RootCommand;
  readonly guards?: readonly Guard[];
  readonly subcommands: readonly TableEntry[];
  readonly groups?: readonly TableGroup[];
}

/** A subcommand as the router finds it: its own part, where it sits, and every guard that holds for it. */
export interface Subcommand extends Command {
  readonly root: RootCommand;
  /** The group it belongs to (`/nickar ladder join`), if any. */
  readonly group: Pick<TableGroup, "name" | "texts"> | null;
  readonly guards: readonly Guard[];
}
