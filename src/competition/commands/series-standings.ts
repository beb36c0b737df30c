import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetTerm } from "../../commands/ruleset-option.ts";
import { type Translate, user } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { fitContent } from "../../interactions/text-budget.ts";
import type { SeriesSummary } from "../series-service.ts";
import { seriesScoreText } from "../views/series.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:seriesStandings.name",
  "commands:seriesStandings.description",
);

/**
 * Finished series read from the database: more than a 2000-character message can hold (a line is up
 * to about 150 characters), so the message decides by length how many are shown.
 */
const FINISHED_READ = 25;

function describe(t: Translate, s: SeriesSummary): string {
  const { status, winnerId } = s.series;
  const result =
    status === "active"
      ? t("replies:series.inProgress", { game: s.games })
      : status === "abandoned"
        ? t("replies:series.abandoned")
        : t(status === "resigned" ? "replies:series.wonByResignation" : "replies:series.won", {
            user: user(winnerId ?? ""),
          });
  return t("replies:series.line", {
    ruleset: rulesetTerm(s.series.ruleset),
    firstTo: s.series.firstTo,
    score: seriesScoreText(s, t),
    result,
  });
}

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const { running, finished, ended, records } = ctx.app.series.standings(guildId, FINISHED_READ);
  // The standings are posted in the channel: in the server's language.
  const t = ctx.tServer;
  const more = (left: number) => t("replies:more", { left });
  const content = fitContent([
    {
      head: [t("replies:series.records"), ...(records.length ? [] : [t("replies:series.noRecords")])],
      items: records.map(
        (r, i) =>
          `\`${String(i + 1).padStart(2)}.\` <@${r.userId}> ${r.won}–${r.lost}${i === 0 ? t("replies:series.champion") : ""}`,
      ),
      more,
    },
    {
      head: ["", t("replies:series.running"), ...(running.length ? [] : [t("replies:series.noneRunning")])],
      items: running.map((s) => describe(t, s)),
      more,
    },
    {
      head: ["", t("replies:series.finished"), ...(finished.length ? [] : [t("replies:series.noneFinished")])],
      items: finished.map((s) => describe(t, s)),
      // Only the latest were read.
      total: ended,
      more,
    },
  ]);
  return { mode: "reply", reply: { content, mentions: [] } };
}

export const seriesStandings: Command = { definition, handle };
