import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { TOURNAMENT_COMMAND_NAME } from "../../commands/groups.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { pauseTournament } from "../views/tournament-actions.ts";
import { tournamentChanged, tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentPause.name",
  "commands:tournamentPause.description",
).addStringOption(tournamentOption);

/** No new round is paired while paused (the organiser, or a member with Manage Server). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const done = pauseTournament(ctx, tournamentHere(ctx, options).id);
  return tournamentChanged(ctx, done.tournament, done.line, done);
}

export const tournamentPause: Command = {
  guards: ["guild"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
  autocomplete: tournamentChoices,
};
