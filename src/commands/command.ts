/** The shape of one /nickar subcommand: its definition (for deployment) and its handlers. */
import type { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { RootCommand } from "./groups.ts";

export interface Choice {
  readonly name: string;
  readonly value: string;
}

/**
 * A precondition of a command, checked by the router before the handler runs (checkGuards), always
 * in GUARD_ORDER: `guild`, used in a server (not in DMs); `manage-server`, the member has Manage Server.
 */
export type Guard = "guild" | "manage-server";

export interface Command {
  /**
   * The top-level command it is registered under (see groups.ts): /nickar by default, /nickar-admin
   * (Manage Server), or /nickar-tournament.
   */
  readonly root?: RootCommand;
  /** What must hold before the handler runs; the router checks them (see guards.ts). */
  readonly guards?: readonly Guard[];
  /** The subcommand group it belongs to (`/nickar ladder join`), if any; see GROUPS in index.ts. */
  readonly group?: string;
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
