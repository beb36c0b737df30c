/**
 * Each translation keeps to its glossary (glossary.ts): one voice, one word per concept, over every
 * text of every namespace; and the French elides before a vowel even where the vowel comes from a
 * ruleset's name filled in at run time (« Plateau de Oware caribéen »).
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES, translator } from "../../src/i18n/index.ts";
import { texts } from "./catalogue-texts.ts";
import { GLOSSARY } from "./glossary.ts";

/** The texts of `locale` that a pattern matches, as "key: «what it matched»". */
function matches(all: Map<string, string>, pattern: RegExp, skip: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  for (const [key, text] of all) {
    const match = skip.has(key) ? null : pattern.exec(text);
    if (match) found.push(`${key}: «${match[0]}»`);
  }
  return found;
}

describe("glossary", () => {
  for (const locale of ["fr", "da"] as const) {
    const { language, rules } = GLOSSARY[locale];
    const all = texts(locale);

    for (const rule of rules) {
      it(`glossary - ${language} ${rule.title} - every catalogue`, () => {
        const skip = new Set(Object.keys(rule.exceptions ?? {}));
        expect(rule.forbidden.flatMap((pattern) => matches(all, pattern, skip))).toEqual([]);
        // The chosen word is in use: a rule does not outlive its word.
        expect(matches(all, rule.used).length, rule.term).toBeGreaterThan(0);
      });
    }

    it(`glossary - ${language} exceptions are each still needed - every catalogue`, () => {
      const stale: string[] = [];
      for (const rule of rules) {
        for (const key of Object.keys(rule.exceptions ?? {})) {
          const text = all.get(key);
          if (text === undefined || !rule.forbidden.some((pattern) => pattern.test(text))) stale.push(key);
        }
      }
      expect(stale).toEqual([]);
    });
  }

  it("glossary - French elides before a vowel - every catalogue, each ruleset name filled in", () => {
    // « de », « le », « que »… before a vowel: « d'Oware », « l'Abapa ». An h may be mute or not: left out.
    const unelided = /(?<![\p{L}\p{N}])(?:de|le|la|que|ne|je|me|te|se|ce)\s+(?=[aeiouyàâäéèêëîïôöùûüœæ])/iu;
    const names = Object.values((CATALOGUES.fr.common as { ruleset: Record<string, string> }).ruleset);
    const wrong: string[] = [];
    for (const [key, text] of texts("fr")) {
      const filled = text.includes("{{ruleset}}") ? names.map((n) => text.replaceAll("{{ruleset}}", n)) : [text];
      for (const variant of filled) {
        // Markup does not stop an elision: « de **Oware** » is still « de Oware ».
        const match = unelided.exec(variant.replace(/[*_`]/g, ""));
        if (match) wrong.push(`${key}: «${variant.slice(match.index, match.index + match[0].length + 12)}»`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("glossary - Danish writes a day per move in full - one day and three days", () => {
    const t = translator("da");
    expect(t("game:limit.days", { n: 1 })).toBe("1 dag");
    expect(t("game:limit.days", { n: 3 })).toBe("3 dage");
  });
});
