import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { TOURNAMENT_COMMAND_NAME } from "../../commands/groups.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { leaveTournament } from "../views/tournament-actions.ts";
import { tournamentChanged, tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentRemove.name",
  "commands:tournamentRemove.description",
)
  .addUserOption((o) => localized(o, "commands:option.user", "commands:tournamentRemove.player").setRequired(true))
  .addStringOption(tournamentOption);

/** The organiser (or Manage Server) takes a player out, as if they had left. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const player = options.getUser("user");
  const done = leaveTournament(ctx, tournamentHere(ctx, options).id, player?.id ?? ctx.userId);
  return tournamentChanged(ctx, done.tournament, done.line, done);
}

export const tournamentRemove: Command = {
  guards: ["guild"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
  autocomplete: tournamentChoices,
};
