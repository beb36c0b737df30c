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
import { INITIAL_PUZZLE_PLAYER } from "../puzzle-rating.ts";
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
  const now = app.puzzles.standing(userId, ruleset);
  // The chart needs a rating before the first try: the initial one, at the first try's time. Tries rated
  // before deviations were kept have none: they are drawn with today's, the "?" the player sees now.
  const points = history.length
    ? [
        { at: history[0].at, ...INITIAL_PUZZLE_PLAYER },
        ...history.map((h) => ({ at: h.at, rating: h.rating, deviation: h.deviation ?? now.deviation })),
      ]
    : [];
  return {
    mode: "reply",
    reply: {
      content: clip(lines.join("\n")),
      ephemeral: true,
      mentions: [],
      image: points.length
        ? async () => {
            // An image cannot show a mention: the player's name, as the game rating chart does.
            const name = (ctx.guildId && (await app.displayName(ctx.guildId, userId))) || t("replies:stats.chartName");
            const chartTitle = t("puzzle:stats.chart", { user: name, ruleset: term(RULESET_NAME[ruleset]) });
            return {
              name: `nickar-puzzles-${userId}-${ruleset}.png`,
              data: await app.images.ratingChart(chartTitle, points, ctx.locale, "puzzles"),
              description: describeChart(chartTitle, points, t, "puzzles"),
            };
          }
        : undefined,
    },
  };
}

export const puzzleStats: Command = { definition, handle };
