import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { LEVEL_NAME } from "../../commands/options.ts";
import { rulesetOption, rulesetOrDefault, rulesetTerm } from "../../commands/ruleset-option.ts";
import { dateText } from "../../games/views/game-viewer.ts";
import { type MessageKey, term, user } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { describeChart } from "../../present/images.ts";
import { isProvisional } from "../glicko.ts";
import { formatRating } from "../standings.ts";
import { PROVISIONAL_KEY } from "../views/leaderboard.ts";
import { seasonNumber } from "./season-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:stats.name",
  "commands:stats.description",
)
  .addUserOption((o) => localized(o, "commands:option.user", "commands:shared.user"))
  .addStringOption((o) => rulesetOption(o, "commands:stats.ruleset"))
  .addIntegerOption((o) => localized(o, "commands:option.season", "commands:shared.season").setMinValue(1));

/** A recent game's result for the player, by score: "beat", "drew with", "lost to" the opponent. */
const RESULT: Readonly<Record<number, MessageKey>> = {
  1: "replies:stats.beat",
  0.5: "replies:stats.drew",
  0: "replies:stats.lost",
};

/** Wins, draws and losses as the record line's values. */
function wdl(r: { readonly wins: number; readonly draws: number; readonly losses: number }) {
  return { wins: r.wins, draws: r.draws, losses: r.losses };
}

function signed(n: number): string {
  const r = Math.round(n);
  return r >= 0 ? `+${r}` : `${r}`;
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const { app } = ctx;
  const userId = options.getUser("user")?.id ?? ctx.userId;
  const season = seasonNumber(ctx, options.getInteger("season"));
  const ruleset = rulesetOrDefault(ctx, options, userId, season);
  const { standing, stats } = app.ratings.stats(guildId, ruleset, userId, season);
  // The stats are posted in the channel: in the server's language, the chart too.
  const t = ctx.tServer;
  const title = t("replies:stats.title", { user: user(userId), ruleset: rulesetTerm(ruleset), season });
  // Games against Nickar are unrated: their record is kept apart, per level (all rulesets, all seasons).
  const againstNickar = app.computer.record(guildId, userId);
  const computerLine = againstNickar.length
    ? t("replies:stats.againstNickar", {
        records: againstNickar
          .map((r) => t("replies:stats.levelRecord", { level: term(LEVEL_NAME[r.level]), ...wdl(r) }))
          .join(" · "),
      })
    : null;
  if (!standing || stats.games === 0) {
    const lines = [title, t("replies:stats.noGames"), ...(computerLine ? [computerLine] : [])];
    return { mode: "reply", reply: { content: lines.join("\n"), mentions: [] } };
  }
  const entry = app.ratings.leaderboard(guildId, ruleset, season).entries.find((e) => e.userId === userId);
  const rank = entry?.rank
    ? t("replies:stats.rank", { rank: entry.rank })
    : isProvisional(standing)
      ? ` · ${t(PROVISIONAL_KEY)}`
      : "";
  const lines = [
    title,
    t("replies:stats.rating", { rating: formatRating(standing), deviation: Math.round(standing.deviation), rank }),
    t("replies:stats.record", { games: term("replies:stats.games", { count: stats.games }), ...wdl(stats) }),
    t("replies:stats.streak", { current: stats.currentStreak, best: stats.bestStreak }),
  ];
  if (stats.bestWin) {
    const { opponentId, rating, gameId } = stats.bestWin;
    lines.push(t("replies:stats.bestWin", { user: user(opponentId), rating: Math.round(rating), id: gameId }));
  }
  if (computerLine) lines.push(computerLine);
  lines.push(t("replies:stats.recent"));
  for (const c of stats.recent) {
    const change = `${Math.round(c.ratingBefore)} → ${Math.round(c.ratingAfter)} (${signed(c.ratingAfter - c.ratingBefore)})`;
    const result = t(RESULT[c.score], { user: user(c.opponentId) });
    lines.push(`- \`${c.gameId}\` ${dateText(c.finishedAt)} · ${result} · ${change}`);
  }
  return {
    mode: "reply",
    reply: {
      content: lines.join("\n"),
      mentions: [],
      image: async () => {
        const name = (await app.displayName(guildId, userId)) || t("replies:stats.chartName");
        const chartTitle = t("replies:stats.chartTitle", { name, ruleset: rulesetTerm(ruleset), season });
        return {
          name: `nickar-rating-${userId}.png`,
          data: await app.images.ratingChart(chartTitle, stats.chart, ctx.serverLocale),
          description: describeChart(chartTitle, stats.chart, t),
        };
      },
    },
  };
}

export const stats: Command = { definition, handle };
