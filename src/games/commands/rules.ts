import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { asRuleset, RULESET_SUMMARY, rulesetOption } from "../../commands/ruleset-option.ts";
import type { RulesetId } from "../../engine/index.ts";
import { type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { MESSAGE_LIMIT } from "../../interactions/text-budget.ts";
import { RULES_TEXT } from "./rules-text.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:rules.name",
  "commands:rules.description",
).addStringOption((o) => rulesetOption(o, "commands:shared.ruleset"));

/**
 * The summary, the rules in plain words and the [decision] items (choices the written rules leave
 * open), in `t`'s language: one message, or two (the rules, then the decisions) when they do not fit
 * in one, as in Danish and French, which take more words than English.
 */
export function rulesMessages(t: Translate, id: RulesetId): string[] {
  const text = RULES_TEXT[id];
  const rules = [
    t("rules:title", { ruleset: term(RULESET_NAME[id]), id, summary: term(RULESET_SUMMARY[id]) }),
    t("rules:board"),
    "",
    ...text.rules.map((rule, i) => `${i + 1}. ${t(rule)}`),
  ].join("\n");
  const decisions = [t("rules:decisionHead"), ...text.decisions.map((decision) => `- ${t(decision)}`)].join("\n");
  const whole = `${rules}\n\n${decisions}`;
  return whole.length <= MESSAGE_LIMIT ? [whole] : [rules, decisions];
}

/** All of the rules of a ruleset as one text (what the messages say, in order). */
export function rulesText(t: Translate, id: RulesetId): string {
  return rulesMessages(t, id).join("\n\n");
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const id =
    asRuleset(options.getString("ruleset")) ??
    (ctx.guildId ? ctx.app.settings.get(ctx.guildId).defaultRuleset : "abapa");
  const [first, ...rest] = rulesMessages(ctx.t, id);
  return {
    mode: "reply",
    reply: { content: first, ephemeral: true },
    followUps: rest.map((content) => ({ content, ephemeral: true })),
  };
}

export const rules: Command = { definition, handle };
