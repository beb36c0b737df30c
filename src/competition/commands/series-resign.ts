import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { gameMessage } from "../../games/views/game-message.ts";
import { gameMessageEdits, noticesAfter } from "../../games/views/game-updates.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { seriesLine } from "../views/series.ts";

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

export const seriesResign: Command = { definition, handle };
