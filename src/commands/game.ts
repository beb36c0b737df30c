import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { viewerReply } from "../interactions/game-viewer.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("game")
  .setDescription("Replay a game: its record, positions and board, move by move")
  .addStringOption(gameIdOption("id", "Game id: pick from the list, or type it in any case"))
  .addIntegerOption((o) =>
    o.setName("move").setDescription("Show the board after this move (default: the last)").setMinValue(0),
  );

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = gameHere(ctx, options.getString("id"));
  const ply = options.getInteger("move") ?? game.row.ply;
  return { mode: "reply", reply: viewerReply(ctx.app, game.row, ply) };
}

export const game: Command = { guards: ["guild"], definition, handle, autocomplete: anyGameChoices };
