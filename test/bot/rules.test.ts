import { describe, expect, it } from "vitest";
import { rulesText } from "../../src/commands/rules.ts";
import { RULES_TEXT } from "../../src/commands/rules-text.ts";
import { RULESET_IDS, RULESETS } from "../../src/engine/index.ts";

describe("/nickar rules", () => {
  it("rules - every [decision] of the ruleset is explained - all rulesets", () => {
    for (const id of RULESET_IDS) expect(RULES_TEXT[id].decisions, id).toHaveLength(RULESETS[id].decisions.length);
  });

  it("rules - no engine jargon - all rulesets", () => {
    for (const id of RULESET_IDS) {
      const text = rulesText(id);
      for (const jargon of [
        "end checks",
        "Couvert followed",
        "Skipping none is read",
        "pits 0",
        "reason is",
        "toMove",
      ]) {
        expect(text, `${id}: ${jargon}`).not.toContain(jargon);
      }
      expect(text).toContain("**[decision]**");
    }
  });

  it("rules - each rule said once: 25 seeds in one rule - speightstown", () => {
    const rules = RULES_TEXT.speightstown.rules.filter((r) => r.includes("25"));
    expect(rules).toHaveLength(1);
    const all = RULES_TEXT.speightstown.rules;
    expect(new Set(all).size).toBe(all.length);
  });
});
