import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { viewerReply } from "../interactions/views/game-viewer.ts";
import { voiceOf } from "../interactions/views/parts.ts";
import type { Command } from "./command.ts";
import { localized } from "./localize.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./shared.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:game.name",
  "commands:game.description",
)
  .addStringOption(gameIdOption("id", "commands:shared.anyGameId"))
  .addIntegerOption((o) => localized(o, "commands:option.move", "commands:game.move").setMinValue(0));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = gameHere(ctx, options.getString("id"));
  const ply = options.getInteger("move") ?? game.row.ply;
  return { mode: "reply", reply: viewerReply(ctx.app, game.row, ply, voiceOf(ctx.locale)) };
}

export const game: Command = { guards: ["guild"], definition, handle, autocomplete: anyGameChoices };
