import { SlashCommandSubcommandBuilder } from "discord.js";
import { rulesetName } from "../engine/index.ts";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { seriesScoreText } from "../interactions/series-view.ts";
import { fitContent } from "../interactions/text-budget.ts";
import type { SeriesSummary } from "../ladders/series-service.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("standings")
  .setDescription("Series running and finished in this server, and each player's series record");

/**
 * Finished series read from the database: more than a 2000-character message can hold (a line is up
 * to about 150 characters), so the message decides by length how many are shown.
 */
const FINISHED_READ = 25;

function describe(s: SeriesSummary): string {
  const ruleset = rulesetName(s.series.ruleset);
  const score = seriesScoreText(s);
  const how = s.series.status === "resigned" ? ", by resignation" : "";
  const result = s.series.status === "active" ? `game ${s.games} in progress` : `won by <@${s.series.winnerId}>${how}`;
  return `- ${ruleset}, first to ${s.series.firstTo}: ${score} · ${result}`;
}

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const { running, finished, records } = ctx.app.series.standings(guildId, FINISHED_READ);
  const more = (left: number) => `…and ${left} more.`;
  const content = fitContent([
    {
      head: ["**Series records** (won–lost)", ...(records.length ? [] : ["No series decided yet."])],
      items: records.map(
        (r, i) => `\`${String(i + 1).padStart(2)}.\` <@${r.userId}> ${r.won}–${r.lost}${i === 0 ? " · champion" : ""}`,
      ),
      more,
    },
    { head: ["", "**Running**", ...(running.length ? [] : ["None."])], items: running.map(describe), more },
    {
      head: ["", "**Finished**", ...(finished.length ? [] : ["None yet."])],
      items: finished.map(describe),
      // Only the latest were read; every decided series has one winner, so the records count them all.
      total: records.reduce((n, r) => n + r.won, 0),
      more,
    },
  ]);
  return { mode: "reply", reply: { content, mentions: [] } };
}

export const seriesStandings: Command = { guards: ["guild"], group: "series", definition, handle };
