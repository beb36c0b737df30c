import { SlashCommandSubcommandBuilder } from "discord.js";
import { gameMessageEdits } from "../interactions/buttons.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { gameMessage } from "../interactions/game-message.ts";
import type { Response } from "../interactions/reply.ts";
import { seriesLine } from "../interactions/series-view.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("resign")
  .setDescription("Give up your series: your opponent wins it (and the game in progress)")
  .addUserOption((o) => o.setName("opponent").setDescription("Which series, when you have several"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const { summary, game } = ctx.app.series.resign(guildId, ctx.userId, options.getUser("opponent")?.id ?? null);
  const edits = game ? gameMessageEdits(game, gameMessage(ctx.app, game)) : [];
  return { mode: "reply", reply: { content: seriesLine(summary), mentions: [] }, edits };
}

export const seriesResign: Command = { guards: ["guild"], group: "series", definition, handle };
