import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { joinTournament } from "../views/tournament-actions.ts";
import { tournamentChanged, tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentJoin.name",
  "commands:tournamentJoin.description",
).addStringOption(tournamentOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const done = joinTournament(ctx, tournamentHere(ctx, options).id);
  return tournamentChanged(ctx, done.tournament, done.line);
}

export const tournamentJoin: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
