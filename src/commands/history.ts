import { SlashCommandSubcommandBuilder } from "discord.js";
import type { GameRow } from "../db/schema.ts";
import { rulesetName } from "../engine/index.ts";
import { seatOf } from "../games/snapshot.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { dateText } from "../interactions/game-viewer.ts";
import type { Response } from "../interactions/reply.ts";
import { fitContent } from "../interactions/text-budget.ts";
import { reasonText } from "../present/narrate.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("history")
  .setDescription("Recent games: result, reason, ruleset, opponent, date")
  .addUserOption((o) => o.setName("user").setDescription("Whose (default: yours)"));

const SHOWN = 10;

/** "Won by 25 seeds", "Lost on time", "Draw by agreement", "Aborted", "Cancelled". */
function outcomeFor(row: GameRow, userId: string): string {
  if (row.status === "aborted") return "Aborted";
  if (row.status === "cancelled") return "Cancelled";
  const how = row.reason === "timeout" ? "on time" : `by ${reasonText(row.reason)}`;
  if (row.winner === null) return `Draw ${how}`;
  return `${row.winner === seatOf(row, userId) ? "**Won**" : "Lost"} ${how}`;
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const userId = options.getUser("user")?.id ?? ctx.userId;
  const { rows, total } = ctx.app.games.history(guildId, userId, SHOWN);
  if (rows.length === 0) {
    return {
      mode: "reply",
      reply: { content: `<@${userId}> has no finished games here.`, ephemeral: true, mentions: [] },
    };
  }
  const changes = ctx.app.ratings.changesIn(
    rows.map((r) => r.id),
    userId,
  );
  const lines = rows.map((row) => {
    const opponent = row.southId === userId ? row.northId : row.southId;
    const change = changes.get(row.id);
    const delta = change ? Math.round(change.ratingAfter - change.ratingBefore) : null;
    const rating =
      row.voidedAt !== null
        ? "void"
        : delta !== null
          ? `rated ${delta >= 0 ? "+" : ""}${delta}`
          : row.rated && row.status === "finished"
            ? "rated"
            : "unrated";
    const ruleset = rulesetName(row.ruleset);
    const series = row.seriesGame ? ` · series game ${row.seriesGame}` : row.ladderChallengerId ? " · ladder" : "";
    return `\`${row.id}\` ${dateText(row.finishedAt ?? row.updatedAt)} · ${ruleset} · vs <@${opponent}> · ${outcomeFor(row, userId)} · ${rating}${series}`;
  });
  // With real ids a line runs to about 170 characters: cut by length, not by count.
  const content = fitContent([
    {
      head: [`**Recent games of <@${userId}>** (${total} in all)`],
      items: lines,
      total,
      more: (left) => `…and ${left} earlier. /nickar game <id> replays any of them.`,
    },
  ]);
  return { mode: "reply", reply: { content, ephemeral: true, mentions: [] } };
}

export const history: Command = { guards: ["guild"], definition, handle };
