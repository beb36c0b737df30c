/**
 * The catalogues agree: every English key in every language, no key another language invents,
 * the same placeholders, the plural forms each language needs (Intl.PluralRules' categories), and
 * no key that the code never uses.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES, LOCALES } from "../../src/i18n/index.ts";
import { texts } from "./catalogue-texts.ts";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A key without its plural suffix, and the plural categories found for each such base key. */
function pluralForms(all: Map<string, string>): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of all.keys()) {
    const match = PLURAL.exec(key);
    if (!match) continue;
    const base = key.slice(0, -match[0].length);
    forms.set(base, (forms.get(base) ?? new Set()).add(match[1]));
  }
  return forms;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();
}

/** Base keys (plural suffix removed) of a language. */
function baseKeys(all: Map<string, string>): Set<string> {
  return new Set([...all.keys()].map((k) => k.replace(PLURAL, "")));
}

const SOURCE_ROOT = resolve(import.meta.dirname, "../../src");

function sourceText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceText(path);
      return /\.(ts|mts|html)$/.test(entry.name) ? readFileSync(path, "utf8") : "";
    })
    .join("\n");
}

describe("catalogues", () => {
  const english = texts("en");

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`catalogues - every English text exists - ${locale}`, () => {
      const own = baseKeys(texts(locale));
      expect([...baseKeys(english)].filter((k) => !own.has(k))).toEqual([]);
    });

    it(`catalogues - no key English lacks - ${locale}`, () => {
      const source = baseKeys(english);
      expect([...baseKeys(texts(locale))].filter((k) => !source.has(k))).toEqual([]);
    });

    it(`catalogues - the same placeholders as English - ${locale}`, () => {
      const own = texts(locale);
      const differing: string[] = [];
      const byBase = (all: Map<string, string>) => {
        const merged = new Map<string, Set<string>>();
        for (const [key, text] of all) {
          const base = key.replace(PLURAL, "");
          const set = merged.get(base) ?? new Set();
          for (const p of placeholders(text)) set.add(p);
          merged.set(base, set);
        }
        return merged;
      };
      const theirs = byBase(own);
      for (const [base, names] of byBase(english)) {
        const other = theirs.get(base);
        if (!other) continue;
        // A plural form may leave out {{count}} ("un seul"); every other placeholder must agree.
        const a = [...names].filter((n) => n !== "count").sort();
        const b = [...other].filter((n) => n !== "count").sort();
        if (a.join() !== b.join()) differing.push(`${base}: en {${a}} ${locale} {${b}}`);
      }
      expect(differing).toEqual([]);
    });
  }

  for (const locale of LOCALES) {
    it(`catalogues - plural forms are the language's categories - ${locale}`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
      const wrong: string[] = [];
      for (const [base, forms] of pluralForms(texts(locale))) {
        const have = [...forms].sort();
        if (have.join() !== categories.join()) wrong.push(`${base}: ${have} (needs ${categories})`);
      }
      expect(wrong).toEqual([]);
    });

    it(`catalogues - no empty text - ${locale}`, () => {
      expect([...texts(locale)].filter(([, text]) => text.trim() === "").map(([k]) => k)).toEqual([]);
    });

    it(`catalogues - no brackets in brackets, none right after another - ${locale}, each ruleset name filled in`, () => {
      // Some names carry their own brackets ("Haitian Warri (Kay)"): a text must not put them in more.
      const names = Object.values((CATALOGUES[locale].common as { ruleset: Record<string, string> }).ruleset);
      const wrong: string[] = [];
      for (const [key, text] of texts(locale)) {
        if (!text.includes("{{ruleset}}")) continue;
        for (const name of names) {
          const filled = text.replaceAll("{{ruleset}}", name).replace(/[*_`]/g, "");
          if (/\([^)]*\(|\)\s*\(/.test(filled)) wrong.push(`${key}: «${filled}»`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("catalogues - every key is used by the code - src", () => {
    // Keys are written in full where they are used ("game:button.resign"), never built from pieces.
    const source = sourceText(SOURCE_ROOT);
    // The `errors` keys are UserError codes: thrown as `new UserError("game/stale")`.
    const used = (key: string) =>
      source.includes(`"${key}"`) || (key.startsWith("errors:") && source.includes(`"${key.slice(7)}"`));
    const unused = [...baseKeys(english)].filter((key) => !used(key));
    expect(unused).toEqual([]);
  });
});
