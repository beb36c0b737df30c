import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { standingsText } from "../views/tournament.ts";
import { standingsImage, tournamentAttachment } from "../views/tournament-images.ts";
import { tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentStandings.name",
  "commands:tournamentStandings.description",
).addStringOption(tournamentOption);

/** The standings in the channel (the server's language), as text and as an image. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const t = tournamentHere(ctx, options, true);
  const view = ctx.app.tournaments.view(t.id);
  const table = ctx.app.tournaments.table(t.id);
  const content = standingsText(view, table, ctx.tServer);
  const image = tournamentAttachment(ctx.app, view, ctx.tServer, `nickar-standings-${t.id}.png`, (name) =>
    standingsImage(view, table, ctx.tServer, name),
  );
  return { mode: "reply", reply: { content, mentions: [], image } };
}

export const tournamentStandings: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
