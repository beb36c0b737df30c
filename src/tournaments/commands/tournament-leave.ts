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
  "commands:tournamentLeave.name",
  "commands:tournamentLeave.description",
).addStringOption(tournamentOption);

/**
 * Leaves: off the list before the start; after it, withdrawn (games played count) and the game in
 * progress resigned; an arena player pauses (told privately).
 */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const done = leaveTournament(ctx, tournamentHere(ctx, options).id);
  const changed = tournamentChanged(ctx, done.tournament, done.line, done);
  return done.private ? { ...changed, reply: { ...changed.reply, ephemeral: true } } : changed;
}

export const tournamentLeave: Command = {
  guards: ["guild"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
  autocomplete: tournamentChoices,
};
