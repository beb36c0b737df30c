/**
 * The renderer's translators keep their answers; a kept answer must be the one a fresh translator
 * gives, for every key and values, in every language, with the pseudo-locale on and off.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES, term, translator } from "../../src/i18n/index.ts";
import { translatorFor } from "../../src/render/language.ts";

afterEach(() => {
  delete process.env.NICKAR_PSEUDO_LOCALE;
});

describe("translatorFor", () => {
  it("translatorFor - gives a fresh translator's text - other values, other languages, the pseudo-locale switched", () => {
    for (const pseudo of [false, true, false]) {
      if (pseudo) process.env.NICKAR_PSEUDO_LOCALE = "1";
      else delete process.env.NICKAR_PSEUDO_LOCALE;
      for (const locale of LOCALES) {
        const kept = translatorFor(locale);
        const fresh = translator(locale);
        for (const kay of [1, 2, 1]) expect(kept("board:header.kay", { kay })).toBe(fresh("board:header.kay", { kay }));
        const nested = { ruleset: term("common:ruleset.haiti"), id: "x1" } as const;
        expect(kept("board:header.corner", nested)).toBe(fresh("board:header.corner", nested));
        expect(kept("board:header.toMove")).toBe(fresh("board:header.toMove"));
      }
    }
  });
});
