/**
 * Which ladder a `/nickar ladder …` command means. A server may run a ladder per ruleset, and a player who
 * names none means the ladder they are on, not the ruleset they happen to play most (a Bridgetown series
 * must not send an Abapa ladder player to an empty Bridgetown ladder).
 */
import type { RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { list } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { asRuleset, requireGuild, rulesetOrDefault, rulesetTerm } from "./shared.ts";

/**
 * The `ruleset` option; else the one ladder the caller is on; else, on none, the server's one ladder; else the
 * ruleset the caller plays most here, or the server's default (`rulesetOrDefault`). On several ladders the caller
 * is asked to say which.
 */
export function ladderRuleset(ctx: HandlerContext, options: CommandOptions): RulesetId {
  const named = asRuleset(options.getString("ruleset"));
  if (named) return named;
  const { ruleset, several } = ctx.app.ladders.ladderOf(requireGuild(ctx), ctx.userId);
  if (several.length > 0) throw new UserError("ladder/which", { ladders: list(several.map(rulesetTerm)) });
  return ruleset ?? rulesetOrDefault(ctx, options);
}
