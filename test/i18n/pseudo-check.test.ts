import { afterEach, describe, expect, it } from "vitest";
import { term, translator } from "../../src/i18n/index.ts";
import { hardCoded, outsideBrackets } from "./pseudo-check.ts";

describe("pseudo-locale check", () => {
  afterEach(() => {
    delete process.env.NICKAR_PSEUDO_LOCALE;
  });

  it("pseudo-locale - every translated text and every text inside it is wrapped - a term in a sentence", () => {
    process.env.NICKAR_PSEUDO_LOCALE = "1";
    const t = translator("fr");
    expect(t("common:list.two", { first: term("common:ruleset.wari"), last: "ada" })).toBe("⟦⟦Wari⟧ et ada⟧");
    delete process.env.NICKAR_PSEUDO_LOCALE;
    expect(t("common:ruleset.wari")).toBe("Wari");
  });

  it("pseudo-locale check - finds the words left outside the brackets - English written in the code", () => {
    expect(outsideBrackets("⟦a ⟦b⟧ c⟧ d ⟦e⟧")).toBe("  d  ");
    expect(hardCoded("⟦Game on!⟧ Resign", [])).toEqual(["Resign"]);
    expect(hardCoded("**⟦Wari⟧** · `8ky8zfzz` · <@123> (⟦South⟧, A–F) <t:17:R> https://x.y/z", ["8ky8zfzz"])).toEqual(
      [],
    );
    expect(hardCoded("ada played C", ["ada"])).toEqual(["played"]);
  });
});
