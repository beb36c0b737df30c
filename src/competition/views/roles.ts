/** How a role rule is written (`/nickar-admin roles`): what the role follows, and a refusal Discord gave. */
import type { RoleRuleRow } from "../../db/schema.ts";
import { isRulesetId } from "../../engine/index.ts";
import { type MessageKey, type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { RoleProblem } from "../role-rules.ts";

/** `<@&id>`: a role's mention (shown as its name, pinging nobody without allowed mentions). */
export const roleMention = (roleId: string) => `<@&${roleId}>`;

/** "a rating of 1800 or more in Oware Abapa", "the top 10 of the Wari leaderboard", … */
export function ruleText(rule: RoleRuleRow, t: Translate): string {
  const ruleset = rule.ruleset && isRulesetId(rule.ruleset) ? term(RULESET_NAME[rule.ruleset]) : null;
  switch (rule.kind) {
    case "rating":
      return t("replies:roles.rating", { rating: rule.value ?? 0, ruleset: ruleset ?? "" });
    case "top":
      return t("replies:roles.top", { count: rule.value ?? 0, ruleset: ruleset ?? "" });
    case "ladder-top":
      return t("replies:roles.ladderTop", { ruleset: ruleset ?? "" });
    case "series-champion":
      return ruleset
        ? t("replies:roles.seriesChampionIn", { wins: rule.value ?? 0, ruleset })
        : t("replies:roles.seriesChampion", { wins: rule.value ?? 0 });
  }
}

/** One line per rule: the role, what it follows, and the refusal that stopped it, if any. */
export function rulesText(rules: readonly RoleRuleRow[], t: Translate): string {
  if (rules.length === 0) return t("replies:roles.none");
  return rules
    .map((r) => {
      const line = t("replies:roles.line", { role: roleMention(r.roleId), rule: ruleText(r, t) });
      return r.failure ? `${line}\n  ${t("replies:roles.failing", { problem: problemText(r.failure, t) })}` : line;
    })
    .join("\n");
}

const PROBLEM = {
  "no-manage-roles": "replies:roles.problem.no-manage-roles",
  "above-nickar": "replies:roles.problem.above-nickar",
  managed: "replies:roles.problem.managed",
  "unknown-role": "replies:roles.problem.unknown-role",
} as const satisfies Record<RoleProblem, MessageKey>;

/** A refusal in plain words: the missing permission, the role order. */
export function problemText(problem: string, t: Translate): string {
  return problem in PROBLEM ? t(PROBLEM[problem as RoleProblem]) : t("replies:roles.problem.other", { code: problem });
}
