/** `/nickar-puzzle top [ruleset] [by]`: this server's puzzle leaderboard, by rating or by longest streak. */
import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { choiceOption } from "../../commands/options.ts";
import { rulesetOption } from "../../commands/ruleset-option.ts";
import { isProvisional } from "../../competition/glicko.ts";
import { term, user } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { clip } from "../../interactions/text-budget.ts";
import { puzzleRuleset } from "./puzzle-ruleset.ts";

const ORDERS = ["rating", "streak"] as const;
const ORDER_NAME = { rating: "commands:choice.puzzleTop.rating", streak: "commands:choice.puzzleTop.streak" } as const;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:puzzleTop.name",
  "commands:puzzleTop.description",
)
  .addStringOption((o) => rulesetOption(o, "commands:puzzleTop.ruleset"))
  .addStringOption((o) => choiceOption(o, "commands:option.by", "commands:puzzleTop.by", ORDERS, ORDER_NAME));

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const t = ctx.tServer;
  const ruleset = puzzleRuleset(ctx, options, ctx.userId);
  const by = options.getString("by") === "streak" ? "streak" : "rating";
  const rows = ctx.app.puzzles.leaderboard(guildId, ruleset, by);
  const name = term(RULESET_NAME[ruleset]);
  const lines = [t(by === "streak" ? "puzzle:top.titleStreak" : "puzzle:top.title", { ruleset: name })];
  if (!rows.length) lines.push(t("puzzle:top.empty", { ruleset: name }));
  for (const [i, r] of rows.entries()) {
    const rating = `${Math.round(r.rating)}${isProvisional(r) ? "?" : ""}`;
    lines.push(
      t("puzzle:top.line", { rank: i + 1, user: user(r.userId), rating, solved: r.solved, best: r.bestStreak }),
    );
  }
  // In the channel, without pinging anyone listed.
  return { mode: "reply", reply: { content: clip(lines.join("\n")), mentions: [] } };
}

export const puzzleTop: Command = { definition, handle };
