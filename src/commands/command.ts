/** The shape of one /nickar subcommand: its definition (for deployment) and its handlers. */
import type { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";

export interface Choice {
  readonly name: string;
  readonly value: string;
}

export interface Command {
  /** Registered under /nickar-admin (Manage Server) instead of /nickar; see index.ts. */
  readonly admin?: boolean;
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
