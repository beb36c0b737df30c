/**
 * `/nickar rules` in words a player uses: each rule said once, no engine terms, and every point that
 * docs/rules.md marks **[decision]** (the engine registry's `decisions`) kept and explained. The texts are
 * in the `rules` catalogue (English, Danish, French); this table says which rules make up each ruleset,
 * in the order a new player needs them.
 */
import type { RulesetId } from "../../engine/index.ts";
import type { MessageKey } from "../../i18n/index.ts";

interface RulesText {
  /** The rules, in the order a new player needs them. */
  readonly rules: readonly MessageKey[];
  /** One plain explanation per [decision] of the ruleset, in the registry's order. */
  readonly decisions: readonly MessageKey[];
}

/** How every Oware ruleset begins: sowing, capturing, feeding. */
const OWARE_BASICS = ["rules:oware.sow", "rules:oware.capture", "rules:oware.feed"] as const satisfies MessageKey[];
const OWARE_DECISIONS = ["rules:decision.cycle", "rules:decision.endOrder"] as const satisfies MessageKey[];

export const RULES_TEXT: Readonly<Record<RulesetId, RulesText>> = {
  abapa: {
    rules: [...OWARE_BASICS, "rules:abapa.slam", "rules:oware.twentyFive", "rules:oware.ownSide"],
    decisions: OWARE_DECISIONS,
  },
  wari: {
    rules: [...OWARE_BASICS, "rules:wari.slam", "rules:wari.forced", "rules:oware.twentyFive", "rules:oware.ownSide"],
    decisions: ["rules:wari.forcedDecision", ...OWARE_DECISIONS],
  },
  caribbean: {
    rules: [
      ...OWARE_BASICS,
      "rules:caribbean.slam",
      "rules:caribbean.noFeed",
      "rules:oware.twentyFive",
      "rules:oware.ownSide",
    ],
    decisions: ["rules:caribbean.extraMoveDecision", ...OWARE_DECISIONS],
  },
  speightstown: {
    rules: [
      ...OWARE_BASICS,
      "rules:barbados.slam",
      "rules:speightstown.twentyFive",
      "rules:speightstown.starvation",
      "rules:speightstown.cycle",
      "rules:speightstown.series",
    ],
    decisions: OWARE_DECISIONS,
  },
  bridgetown: {
    rules: [
      ...OWARE_BASICS,
      "rules:barbados.slam",
      "rules:bridgetown.twentyFive",
      "rules:bridgetown.starvation",
      "rules:bridgetown.division",
    ],
    decisions: OWARE_DECISIONS,
  },
  haiti: {
    rules: [
      "rules:haiti.move",
      "rules:haiti.sow",
      "rules:haiti.kay",
      "rules:haiti.empty",
      "rules:haiti.covered",
      "rules:haiti.relay",
      "rules:haiti.end",
    ],
    decisions: [
      "rules:haiti.skipDecision",
      "rules:haiti.kayFirstDecision",
      "rules:haiti.emptyDecision",
      "rules:haiti.allEmptiedDecision",
      "rules:decision.cycle",
    ],
  },
};
