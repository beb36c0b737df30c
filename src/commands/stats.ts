import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { dateText } from "../interactions/game-viewer.ts";
import { PROVISIONAL } from "../interactions/leaderboard-view.ts";
import type { Response } from "../interactions/reply.ts";
import { isProvisional } from "../ladders/glicko.ts";
import { formatRating } from "../ladders/standings.ts";
import { describeChart } from "../present/images.ts";
import type { Command } from "./command.ts";
import { requireGuild, rulesetOption, rulesetOrDefault, seasonNumber } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("stats")
  .setDescription("A player's rating, record, streaks, best win, recent games and rating chart")
  .addUserOption((o) => o.setName("user").setDescription("Whose (default: yours)"))
  .addStringOption((o) => rulesetOption(o, "Ruleset (default: their most played, else the server's)"))
  .addIntegerOption((o) =>
    o.setName("season").setDescription("An earlier season (default: the current one)").setMinValue(1),
  );

const RESULT = { 1: "beat", 0.5: "drew with", 0: "lost to" } as Record<number, string>;

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
  const title = `**<@${userId}>** · ${RULESETS[ruleset].name} · season ${season}`;
  // Games against Nickar are unrated: their record is kept apart, per level (all rulesets, all seasons).
  const againstNickar = app.computer.record(guildId, userId);
  const computerLine = againstNickar.length
    ? `Against Nickar: ${againstNickar.map((r) => `${r.level} ${r.wins} W ${r.draws} D ${r.losses} L`).join(" · ")}`
    : null;
  if (!standing || stats.games === 0) {
    const lines = [
      title,
      "No rated games yet: every player starts at 1500, and needs a few games to be ranked.",
      ...(computerLine ? [computerLine] : []),
    ];
    return { mode: "reply", reply: { content: lines.join("\n"), mentions: [] } };
  }
  const entry = app.ratings.leaderboard(guildId, ruleset, season).entries.find((e) => e.userId === userId);
  const rank = entry?.rank ? ` · rank #${entry.rank}` : isProvisional(standing) ? ` · ${PROVISIONAL}` : "";
  const lines = [
    title,
    `Rating **${formatRating(standing)}** (deviation ${Math.round(standing.deviation)})${rank}`,
    `Record: ${stats.games} game${stats.games === 1 ? "" : "s"} · ${stats.wins} W ${stats.draws} D ${stats.losses} L`,
    `Win streak: ${stats.currentStreak} now, best ${stats.bestStreak}`,
  ];
  if (stats.bestWin) {
    lines.push(
      `Best win: <@${stats.bestWin.opponentId}> (${Math.round(stats.bestWin.rating)}) in game \`${stats.bestWin.gameId}\``,
    );
  }
  if (computerLine) lines.push(computerLine);
  lines.push("Recent games:");
  for (const c of stats.recent) {
    const change = `${Math.round(c.ratingBefore)} → ${Math.round(c.ratingAfter)} (${signed(c.ratingAfter - c.ratingBefore)})`;
    lines.push(`- \`${c.gameId}\` ${dateText(c.finishedAt)} · ${RESULT[c.score]} <@${c.opponentId}> · ${change}`);
  }
  return {
    mode: "reply",
    reply: {
      content: lines.join("\n"),
      mentions: [],
      image: async () => {
        const name = (await app.displayName(guildId, userId)) || "Rating";
        const chartTitle = `${name} · ${RULESETS[ruleset].name} · season ${season}`;
        return {
          name: `nickar-rating-${userId}.png`,
          data: await app.images.ratingChart(chartTitle, stats.chart),
          description: describeChart(chartTitle, stats.chart),
        };
      },
    },
  };
}

export const stats: Command = { guards: ["guild"], definition, handle };
