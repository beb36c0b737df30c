/**
 * Registration refuses localizations Discord refuses: an unknown locale key, a localized name that
 * is not a valid lowercase name, a localized description or choice name outside 1 to 100 characters.
 */
import { describe, expect, it } from "vitest";
import { CommandRegistry } from "../src/commands.ts";
import { LocalEvents } from "../src/events.ts";

function command(patch: Record<string, unknown> = {}, option: Record<string, unknown> = {}) {
  return {
    name: "nickar",
    description: "Play",
    options: [
      {
        type: 3,
        name: "ruleset",
        description: "The ruleset",
        max_length: 100,
        choices: [{ name: "Wari", value: "wari" }],
        ...option,
      },
    ],
    ...patch,
  };
}

function refusal(body: unknown): string {
  try {
    new CommandRegistry("1", new LocalEvents()).overwrite("2", [body]);
  } catch (error) {
    return JSON.stringify(error);
  }
  return "accepted";
}

describe("command localizations", () => {
  it("registration - accepts valid Danish and French localizations - names, descriptions, choices", () => {
    const valid = command(
      { name_localizations: { da: "nickar", fr: "nickar" }, description_localizations: { da: "Spil", fr: "Jouer" } },
      {
        name_localizations: { da: "regelsæt", fr: "variante" },
        choices: [{ name: "Wari", name_localizations: { da: "Wari", fr: "Wari" }, value: "wari" }],
      },
    );
    expect(refusal(valid)).toBe("accepted");
  });

  it("registration - refuses with 50035 - an unknown locale, an uppercase or spaced name, a long description, an empty choice name", () => {
    expect(refusal(command({ name_localizations: { dk: "nickar" } }))).toContain("LOCALE_INVALID");
    expect(refusal(command({}, { name_localizations: { fr: "Variante" } }))).toContain(
      "APPLICATION_COMMAND_INVALID_NAME",
    );
    expect(refusal(command({}, { name_localizations: { da: "regel sæt" } }))).toContain(
      "APPLICATION_COMMAND_INVALID_NAME",
    );
    expect(refusal(command({ description_localizations: { fr: "x".repeat(101) } }))).toContain("BASE_TYPE_MAX_LENGTH");
    expect(
      refusal(command({}, { choices: [{ name: "Wari", name_localizations: { da: "" }, value: "wari" }] })),
    ).toContain("BASE_TYPE_MIN_LENGTH");
    expect(
      refusal(command({}, { choices: [{ name: "Wari", name_localizations: { xx: "Wari" }, value: "wari" }] })),
    ).toContain("LOCALE_INVALID");
    expect(refusal(command({ name_localizations: { dk: "nickar" } }))).toContain("50035");
  });
});
