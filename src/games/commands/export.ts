import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { gameRecordFile } from "../../present/record-file.ts";
import { playerNames } from "../views/game-board.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./game-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:export.name",
  "commands:export.description",
).addStringOption(gameIdOption("id", "commands:shared.anyGameId"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = gameHere(ctx, options.getString("id"));
  return {
    mode: "reply",
    reply: {
      content: ctx.t("replies:export.record", { id: game.row.id }),
      ephemeral: true,
      image: async () => ({
        name: `nickar-${game.row.id}.txt`,
        data: Buffer.from(
          gameRecordFile(game, await playerNames(ctx.app, game), await ctx.app.guildName(game.row.guildId)),
          "utf8",
        ),
      }),
    },
  };
}

export const exportGame: Command = { definition, handle, autocomplete: anyGameChoices };
