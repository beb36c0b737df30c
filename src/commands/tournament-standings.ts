import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { standingsText } from "../interactions/views/tournament.ts";
import type { Command } from "./command.ts";
import { TOURNAMENT_COMMAND_NAME } from "./groups.ts";
import { localized } from "./localize.ts";
import { tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentStandings.name",
  "commands:tournamentStandings.description",
).addStringOption(tournamentOption);

/** Score, Buchholz, Sonneborn-Berger and games of each player, in the channel (the server's language). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const t = tournamentHere(ctx, options, true);
  const view = ctx.app.tournaments.view(t.id);
  const content = standingsText(view, ctx.app.tournaments.table(t.id), ctx.tServer);
  return { mode: "reply", reply: { content, mentions: [] } };
}

export const tournamentStandings: Command = {
  guards: ["guild"],
  root: TOURNAMENT_COMMAND_NAME,
  definition,
  handle,
  autocomplete: tournamentChoices,
};
