/** `/nickar-puzzle stats [user] [ruleset]`: a player's puzzle ratings, streaks and a chart of one ruleset. */
import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import { isProvisional } from "../../competition/glicko.ts";
import { term, user } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { clip } from "../../interactions/text-budget.ts";
import { describeChart } from "../../present/images.ts";
import { puzzleRuleset } from "./puzzle-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:puzzleStats.name",
  "commands:puzzleStats.description",
)
  .addUserOption((o) => localized(o, "commands:option.user", "commands:shared.user"))
  .addStringOption((o) => rulesetOption(o, "commands:puzzleStats.ruleset"));

const rounded = (r: { rating: number; deviation: number }) => `${Math.round(r.rating)}${isProvisional(r) ? "?" : ""}`;

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  requireGuild(ctx);
  const { app, t } = ctx;
  const userId = options.getUser("user")?.id ?? ctx.userId;
  const standings = app.puzzles.standings(userId);
  const title = t("puzzle:stats.title", { user: user(userId) });
  if (!standings.length) {
    return { mode: "reply", reply: { content: `${title}\n${t("puzzle:stats.none")}`, ephemeral: true, mentions: [] } };
  }
  const lines = [
    title,
    ...standings.map((s) =>
      t("puzzle:stats.line", {
        ruleset: term(RULESET_NAME[s.ruleset]),
        rating: rounded(s),
        solved: s.solved,
        attempts: s.attempts,
        streak: s.streak,
        best: s.bestStreak,
      }),
    ),
  ];
  const ruleset = puzzleRuleset(ctx, options, userId);
  const history = app.puzzles.history(userId, ruleset);
  const chartTitle = t("puzzle:stats.chart", { user: user(userId), ruleset: term(RULESET_NAME[ruleset]) });
  // The chart needs a rating before the first try: the initial one, at the first try's time.
  const points = history.length
    ? [{ at: history[0].at, rating: 1500, deviation: 350 }, ...history.map((h) => ({ ...h, deviation: 0 }))]
    : [];
  return {
    mode: "reply",
    reply: {
      content: clip(lines.join("\n")),
      ephemeral: true,
      mentions: [],
      image: points.length
        ? async () => ({
            name: `nickar-puzzles-${userId}-${ruleset}.png`,
            data: await app.images.ratingChart(chartTitle, points, ctx.locale),
            description: describeChart(chartTitle, points, t),
          })
        : undefined,
    },
  };
}

export const puzzleStats: Command = { definition, handle };
