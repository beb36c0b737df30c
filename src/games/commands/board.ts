import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import { requireChannelPermissions } from "../../interactions/permissions.ts";
import { jumpLink, type MessageRef, type Response } from "../../interactions/reply.ts";
import { seatOf } from "../snapshot.ts";
import { gameHeader } from "../views/game-board.ts";
import { gameMessage } from "../views/game-message.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:board.name",
  "commands:board.description",
).addStringOption(gameOption);

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = resolveGame(ctx, options.getString("game"));
  const { row } = game;
  const current = gameMessage(ctx.app, game);
  // Only the players (or Manage Server) may move the game's message: anyone else would take the
  // buttons away from the players, maybe into a channel they cannot see. Others get a private copy.
  if (seatOf(row, ctx.userId) === null && !ctx.canManageGuild) {
    return {
      mode: "reply",
      reply: {
        ...current,
        content: `${current.content}\n${ctx.t("replies:board.copy")}`,
        components: [],
        mentions: [],
        ephemeral: true,
      },
    };
  }
  // The board is to live in this channel from now on.
  requireChannelPermissions(ctx);
  // The old message loses its buttons so only one board is live, and links to the new one.
  const old = row.messageId;
  const afterBind = (posted: MessageRef) =>
    old && old !== posted.messageId
      ? [
          {
            ref: { channelId: row.channelId, messageId: old },
            reply: {
              content: `${gameHeader(game, ctx.tServer)}\n${ctx.tServer("replies:board.moved", {
                link: jumpLink({ guildId: row.guildId, ...posted }),
              })}`,
              components: [],
              mentions: [],
            },
          },
        ]
      : [];
  return { mode: "reply", reply: current, bind: { kind: "game", id: row.id }, afterBind };
}

export const board: Command = { definition, handle, autocomplete: gameChoices };
