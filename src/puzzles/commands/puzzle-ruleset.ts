/** The ruleset of a puzzle command: the one asked for, else the player's most tried, else the server's default. */

import { requireGuild } from "../../commands/guards.ts";
import { asRuleset } from "../../commands/ruleset-option.ts";
import type { RulesetId } from "../../engine/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";

export function puzzleRuleset(ctx: HandlerContext, options: CommandOptions, userId: string): RulesetId {
  const asked = asRuleset(options.getString("ruleset"));
  if (asked) return asked;
  const mostTried = ctx.app.puzzles.standings(userId)[0]?.ruleset;
  return mostTried ?? ctx.app.settings.get(requireGuild(ctx)).defaultRuleset;
}
