import { SlashCommandSubcommandBuilder } from "discord.js";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { gameMessage } from "../interactions/game-message.ts";
import { gameMessageEdits, noticesAfter } from "../interactions/game-updates.ts";
import type { Response } from "../interactions/reply.ts";
import { seriesLine } from "../interactions/views/series.ts";
import type { Command } from "./command.ts";
import { localized } from "./localize.ts";
import { requireGuild } from "./shared.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seriesResign.name",
  "commands:seriesResign.description",
).addUserOption((o) => localized(o, "commands:option.opponent", "commands:seriesResign.opponent"));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const { summary, game } = ctx.app.series.resign(guildId, ctx.userId, options.getUser("opponent")?.id ?? null);
  const edits = game ? gameMessageEdits(game, gameMessage(ctx.app, game)) : [];
  // The game in progress ended with the series: its notice (a turn notice, a draw offer) gives way to the
  // ending, which tells the opponent too.
  const notices = game ? noticesAfter(ctx.app, game, { moved: true }) : [];
  return { mode: "reply", reply: { content: seriesLine(summary, ctx.tServer), mentions: [] }, edits, notices };
}

export const seriesResign: Command = { guards: ["guild"], group: "series", definition, handle };
