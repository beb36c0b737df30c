import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
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

/** Takes a player out, as if they had left (the ORGANISER guard of its table line says who may). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const player = options.getUser("user");
  const done = leaveTournament(ctx, tournamentHere(ctx, options).id, player?.id ?? ctx.userId);
  return tournamentChanged(ctx, done.tournament, done.line, done);
}

export const tournamentRemove: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
