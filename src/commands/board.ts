import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { gameHeader, gameReply } from "../interactions/views.ts";
import type { Command } from "./command.ts";
import { gameChoices, gameOption, resolveGame } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("board")
  .setDescription("Post the current board again (it becomes the game's message)")
  .addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = resolveGame(ctx, options.getString("game"));
  const { row } = game;
  // The old message loses its buttons so only one board is live.
  const edits = row.messageId
    ? [
        {
          ref: { channelId: row.channelId, messageId: row.messageId },
          reply: { content: `${gameHeader(game)}\nThis board moved to a newer message.`, components: [] },
        },
      ]
    : [];
  return { mode: "reply", reply: gameReply(ctx.app, game), bind: { kind: "game", id: row.id }, edits };
}

export const board: Command = {
  definition,
  handle,
  autocomplete: (ctx, focused) => gameChoices(ctx, focused.value),
};
