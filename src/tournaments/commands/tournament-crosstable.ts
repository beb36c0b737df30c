import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { formatOf } from "../formats/registry.ts";
import { tournamentTitle } from "../views/tournament.ts";
import { crosstableImage, tournamentAttachment } from "../views/tournament-images.ts";
import { tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentCrosstable.name",
  "commands:tournamentCrosstable.description",
).addStringOption(tournamentOption);

/** A Swiss's crosstable as an image, in the channel (the server's language). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const t = tournamentHere(ctx, options, true);
  if (!formatOf(t).show.images.includes("crosstable")) throw new UserError("tournament/crosstable-swiss");
  const view = ctx.app.tournaments.view(t.id);
  const table = ctx.app.tournaments.table(t.id);
  const image = tournamentAttachment(ctx.app, view, ctx.tServer, `nickar-crosstable-${t.id}.png`, (name) =>
    crosstableImage(view, table, ctx.tServer, name),
  );
  return { mode: "reply", reply: { content: tournamentTitle(t, ctx.tServer), mentions: [], image } };
}

export const tournamentCrosstable: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
