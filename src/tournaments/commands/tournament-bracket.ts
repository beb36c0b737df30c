import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { formatOf } from "../formats/registry.ts";
import { tournamentTitle } from "../views/tournament.ts";
import { bracketImage, tournamentAttachment } from "../views/tournament-images.ts";
import { tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentBracket.name",
  "commands:tournamentBracket.description",
).addStringOption(tournamentOption);

/** A knockout's bracket as an image, in the channel (the server's language). */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const t = tournamentHere(ctx, options, true);
  if (!formatOf(t).show.images.includes("bracket")) throw new UserError("tournament/bracket-knockout");
  const view = ctx.app.tournaments.view(t.id);
  const image = tournamentAttachment(ctx.app, view, ctx.tServer, `nickar-bracket-${t.id}.png`, (name) =>
    bracketImage(view, ctx.tServer, name),
  );
  return { mode: "reply", reply: { content: tournamentTitle(t, ctx.tServer), mentions: [], image } };
}

export const tournamentBracket: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
