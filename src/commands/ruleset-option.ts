/**
 * The `ruleset` option: its builder, a ruleset typed by id or by name in any of our languages, the
 * suggestions while typing, the rule by which views choose one when none is given, and a ruleset's name.
 */
import type { SlashCommandStringOption } from "discord.js";
import { isRulesetId, RULESET_IDS, RULESETS, type RulesetId } from "../engine/index.ts";
import { quoted, UserError } from "../errors.ts";
import { LOCALES, type MessageKey, type Term, type Translate, term } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Choice } from "./command.ts";
import { requireGuild } from "./guards.ts";
import { definitionText, localized } from "./localize.ts";
import { SHORT_TEXT } from "./options.ts";
import { SUGGESTION_LIMIT } from "./suggest.ts";

/**
 * The `ruleset` option, by autocomplete (`rulesetChoices`) rather than six choices: Discord counts
 * every name, description and choice of a command against one 8,000-character budget, and six
 * choices on ten subcommands took a fifth of it. A typed id or name is accepted too (`asRuleset`).
 */
export function rulesetOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return localized(option, "commands:option.ruleset", description).setAutocomplete(true).setMaxLength(SHORT_TEXT);
}

/** One line per ruleset: what sets it apart (the `rules` catalogue's summaries, shown in suggestions and /rules). */
export const RULESET_SUMMARY = {
  abapa: "rules:summary.abapa",
  wari: "rules:summary.wari",
  caribbean: "rules:summary.caribbean",
  speightstown: "rules:summary.speightstown",
  bridgetown: "rules:summary.bridgetown",
  haiti: "rules:summary.haiti",
} as const satisfies Record<RulesetId, MessageKey>;

/** A ruleset's name as a term of a sentence; an unknown id (an old row) as it is. */
export function rulesetTerm(id: string): Term | string {
  return isRulesetId(id) ? term(RULESET_NAME[id]) : id;
}

/** A ruleset's name on its own (a suggestion's part); an unknown id as it is. */
export function rulesetText(t: Translate, id: string): string {
  return isRulesetId(id) ? t(RULESET_NAME[id]) : id;
}

/** A ruleset's names in every language, in lower case, as a player may type them. */
function rulesetNames(id: RulesetId): string[] {
  return LOCALES.map((locale) => (definitionText(locale, RULESET_NAME[id]) ?? RULESETS[id].name).toLowerCase());
}

/**
 * Suggestions for the `ruleset` option, in the user's language: the rulesets whose id or name (in any
 * of our languages) contains what is typed, with their summary.
 */
export function rulesetChoices(t: Translate, typed: string): Choice[] {
  const text = typed.trim().toLowerCase();
  return RULESET_IDS.filter((id) => id.includes(text) || rulesetNames(id).some((name) => name.includes(text))).map(
    (id) => ({ name: rulesetSuggestion(t, id), value: id }),
  );
}

/** "Oware Abapa: The common tournament Oware: …": the summary shortened (with "…") to fit a suggestion. */
function rulesetSuggestion(t: Translate, id: RulesetId): string {
  const ruleset = term(RULESET_NAME[id]);
  const summary = t(RULESET_SUMMARY[id]);
  const whole = t("replies:suggestion.ruleset", { ruleset, summary });
  if (whole.length <= SUGGESTION_LIMIT) return whole;
  const room = summary.length - (whole.length - SUGGESTION_LIMIT) - 1;
  return t("replies:suggestion.ruleset", { ruleset, summary: `${summary.slice(0, Math.max(0, room))}…` }).slice(
    0,
    SUGGESTION_LIMIT,
  );
}

/** A ruleset by id or by name in any of our languages, in any case ("haiti", "Haitian Warri (Kay)", "Haitisk warri (Kay)"). */
export function asRuleset(text: string | null): RulesetId | null {
  if (text === null) return null;
  const typed = text.trim().toLowerCase();
  const found = RULESET_IDS.find((id) => id === typed || rulesetNames(id).includes(typed));
  if (!found) {
    throw new UserError("ruleset/unknown", { text: quoted(text), known: RULESET_IDS.join(", ") });
  }
  return found;
}

/**
 * The one rule by which leaderboard, stats and ladder choose their ruleset: the `ruleset` option, else
 * the one `whose` (the caller, or the player looked at) plays most here this season, else the server's
 * default ruleset.
 */
export function rulesetOrDefault(
  ctx: HandlerContext,
  options: CommandOptions,
  whose: string = ctx.userId,
  season?: number,
): RulesetId {
  const guildId = requireGuild(ctx);
  return (
    asRuleset(options.getString("ruleset")) ??
    ctx.app.ratings.mostPlayedRuleset(guildId, whose, season) ??
    ctx.app.settings.get(guildId).defaultRuleset
  );
}

/** How the ruleset option of leaderboard, stats and ladder describes that rule. */
export const VIEW_RULESET = "commands:shared.viewRuleset" satisfies MessageKey;
