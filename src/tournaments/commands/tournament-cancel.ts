import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { TOURNAMENT_COMMAND_NAME } from "../../commands/groups.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { cancelTournament } from "../views/tournament-actions.ts";
import { tournamentChanged, tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentCancel.name",
  "commands:tournamentCancel.description",
).addStringOption(tournamentOption);

/** Ends the tournament with no result (the organiser, or a member with Manage Server). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const done = cancelTournament(ctx, tournamentHere(ctx, options).id);
  return tournamentChanged(ctx, done.tournament, done.line, done);
}

export const tournamentCancel: Command = {
  guards: ["guild"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
  autocomplete: tournamentChoices,
};
