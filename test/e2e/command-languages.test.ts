/**
 * The commands in the players' languages through the real bot and the local Discord: the registered
 * definitions carry Danish and French names and descriptions, and `/nickar rules` answers a Danish or
 * French user in their language for every ruleset, the decisions in a second message where one is too short.
 */
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { rulesMessages } from "../../src/games/commands/rules.ts";
import { type Locale, translator } from "../../src/i18n/index.ts";
import { isEphemeral, startStack, waitFor } from "./harness.ts";

describe("commands in every language", () => {
  it("rules - every ruleset in the user's language, private, decisions included - Danish and French users", async () => {
    const stack = await startStack();
    try {
      const { driver } = stack;
      await driver.users("lars", "manon");
      await driver.setUser("lars", { locale: "da" });
      await driver.setUser("manon", { locale: "fr" });
      let seconds = 0;
      for (const [user, locale] of [
        ["lars", "da"],
        ["manon", "fr"],
      ] as [string, Locale][]) {
        for (const id of RULESET_IDS) {
          const answered = await driver.command(user, `/nickar rules ruleset:${id}`);
          expect(answered.status, JSON.stringify(answered.body)).toBe(200);
          const [reply] = answered.body.messages as APIMessage[];
          const [rules, decisions] = rulesMessages(translator(locale), id);
          expect(reply.content).toBe(rules);
          expect(isEphemeral(reply)).toBe(true);
          if (decisions === undefined) continue;
          // The decisions follow privately in a second message.
          const followUp = await waitFor(
            async () => (await driver.messages("games", user)).find((m) => m.content === decisions),
            `the decisions of ${id} for ${user}`,
          );
          expect(isEphemeral(followUp)).toBe(true);
          seconds++;
        }
      }
      // Danish and French need the second message for most rulesets.
      expect(seconds).toBeGreaterThanOrEqual(6);
    } finally {
      await stack.stop();
    }
  }, 180_000);

  it("registered commands - Danish and French names and descriptions as Discord stores them - /nickar", async () => {
    const stack = await startStack();
    try {
      const { body } = await stack.driver.call("/local/commands");
      const nickar = (body as { name: string; options?: unknown[] }[]).find((c) => c.name === "nickar");
      const ladder = (nickar?.options ?? []).find((o) => (o as { name: string }).name === "ladder") as {
        name_localizations: Record<string, string>;
        options: { name: string; name_localizations: Record<string, string> }[];
      };
      expect(ladder.name_localizations).toEqual({ da: "stige", fr: "échelle" });
      expect(ladder.options.find((o) => o.name === "join")?.name_localizations).toEqual({
        da: "tilmeld",
        fr: "rejoindre",
      });
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
