/**
 * Which ladder a `/nickar ladder …` command means. A server may run a ladder per ruleset, and a player who
 * names none means the ladder they are on, not the ruleset they happen to play most (a Bridgetown series
 * must not send an Abapa ladder player to an empty Bridgetown ladder).
 */

import { requireGuild } from "../../commands/guards.ts";
import { asRuleset, rulesetOrDefault, rulesetTerm } from "../../commands/ruleset-option.ts";
import type { RulesetId } from "../../engine/index.ts";
import { UserError } from "../../errors.ts";
import { list } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";

/**
 * The `ruleset` option; else the one ladder the caller is on (asked which when on several). A caller on none
 * means the server's one ladder; where it has several, `join` takes the ruleset the caller plays most here
 * (or the server's default: a new ladder may start that way), and the other commands ask which.
 */
export function ladderRuleset(
  ctx: HandlerContext,
  options: CommandOptions,
  purpose: "join" | "use" = "use",
): RulesetId {
  const named = asRuleset(options.getString("ruleset"));
  if (named) return named;
  const { mine, here } = ctx.app.ladders.laddersFor(requireGuild(ctx), ctx.userId);
  if (mine.length === 1) return mine[0];
  if (mine.length > 1) throw new UserError("ladder/which", { ladders: list(mine.map(rulesetTerm)) });
  if (here.length === 1) return here[0];
  if (here.length > 1 && purpose === "use") {
    throw new UserError("ladder/which-here", { ladders: list(here.map(rulesetTerm)) });
  }
  return rulesetOrDefault(ctx, options);
}
