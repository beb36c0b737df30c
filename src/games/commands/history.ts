import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetTerm } from "../../commands/ruleset-option.ts";
import type { GameRow } from "../../db/schema.ts";
import { type Translate, user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { fitContent } from "../../interactions/text-budget.ts";
import { reasonText } from "../../present/narrate.ts";
import { seatOf } from "../snapshot.ts";
import { dateText } from "../views/game-viewer.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:history.name",
  "commands:history.description",
).addUserOption((o) => localized(o, "commands:option.user", "commands:shared.user"));

const SHOWN = 10;

/** "Won by 25 seeds", "Lost on time", "Draw by agreement", "Aborted", "Cancelled". */
function outcomeFor(t: Translate, row: GameRow, userId: string): string {
  if (row.status === "aborted") return t("replies:history.aborted");
  if (row.status === "cancelled") return t("replies:history.cancelled");
  const how =
    row.reason === "timeout"
      ? t("replies:history.onTime")
      : t("replies:history.by", { reason: reasonText(row.reason, t) });
  if (row.winner === null) return t("replies:history.draw", { how });
  return t(row.winner === seatOf(row, userId) ? "replies:history.won" : "replies:history.lost", { how });
}

/** How the game counted for the player's rating: void, the change, rated or unrated. */
function ratingFor(t: Translate, row: GameRow, delta: number | null): string {
  if (row.voidedAt !== null) return t("replies:history.void");
  if (delta !== null) return t("replies:history.ratedChange", { change: `${delta >= 0 ? "+" : ""}${delta}` });
  return t(row.rated && row.status === "finished" ? "replies:history.rated" : "replies:history.unrated");
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const userId = options.getUser("user")?.id ?? ctx.userId;
  const { rows, total } = ctx.app.games.history(guildId, userId, SHOWN);
  if (rows.length === 0) {
    return {
      mode: "reply",
      reply: { content: ctx.t("replies:history.none", { user: user(userId) }), ephemeral: true, mentions: [] },
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
    const series = row.seriesGame
      ? ctx.t("replies:history.seriesGame", { game: row.seriesGame })
      : row.ladderChallengerId
        ? ctx.t("replies:history.ladder")
        : "";
    const line = ctx.t("replies:history.line", {
      id: row.id,
      date: dateText(row.finishedAt ?? row.updatedAt),
      ruleset: rulesetTerm(row.ruleset),
      opponent: user(opponent),
      outcome: outcomeFor(ctx.t, row, userId),
      rating: ratingFor(ctx.t, row, delta),
    });
    return `${line}${series}`;
  });
  // With real ids a line runs to about 170 characters: cut by length, not by count.
  const content = fitContent([
    {
      head: [ctx.t("replies:history.head", { user: user(userId), total })],
      items: lines,
      total,
      more: (left) => ctx.t("replies:history.more", { left }),
    },
  ]);
  return { mode: "reply", reply: { content, ephemeral: true, mentions: [] } };
}

export const history: Command = { definition, handle };
