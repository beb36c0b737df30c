import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS, type RulesetId } from "../engine/index.ts";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { seriesScoreText } from "../interactions/series-view.ts";
import type { SeriesSummary } from "../ladders/series-service.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("standings")
  .setDescription("Series running and finished in this server, and each player's series record");

/** Discord messages hold 2000 characters: ten series of each kind fit. */
const SHOWN = 10;

function describe(s: SeriesSummary): string {
  const ruleset = RULESETS[s.series.ruleset as RulesetId]?.name ?? s.series.ruleset;
  const score = seriesScoreText(s);
  const how = s.series.status === "resigned" ? ", by resignation" : "";
  const result = s.series.status === "active" ? `game ${s.games} in progress` : `won by <@${s.series.winnerId}>${how}`;
  return `- ${ruleset}, first to ${s.series.firstTo}: ${score} · ${result}`;
}

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const { running, finished, records } = ctx.app.series.standings(guildId, SHOWN);
  const lines = ["**Series records** (won–lost)"];
  if (records.length === 0) lines.push("No series decided yet.");
  records.slice(0, 20).forEach((r, i) => {
    lines.push(`\`${String(i + 1).padStart(2)}.\` <@${r.userId}> ${r.won}–${r.lost}${i === 0 ? " · champion" : ""}`);
  });
  lines.push("", "**Running**", ...(running.length ? running.slice(0, SHOWN).map(describe) : ["None."]));
  if (running.length > SHOWN) lines.push(`…and ${running.length - SHOWN} more.`);
  lines.push("", "**Finished**", ...(finished.length ? finished.map(describe) : ["None yet."]));
  return { mode: "reply", reply: { content: lines.join("\n"), mentions: [] } };
}

export const seriesStandings: Command = { group: "series", definition, handle };
