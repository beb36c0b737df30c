/**
 * Nickar in the players' languages, through the real bot and the local Discord: a reply to one user
 * in that user's Discord locale, public messages in the server's language (its Discord locale, or the
 * server setting that overrides it).
 */
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { newGame, type RulesetId, replay } from "../../src/engine/index.ts";
import { translator } from "../../src/i18n/index.ts";
import { buttonsOf, gameRef, gameRow, isEphemeral, moveButtons, type Stack, startStack, waitFor } from "./harness.ts";

const da = translator("da");
const fr = translator("fr");
const en = translator("en");

async function answer(stack: Stack, user: string, text: string): Promise<APIMessage[]> {
  const answered = await stack.driver.command(user, text);
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return answered.body.messages as APIMessage[];
}

/** Plays South's first legal house whenever it is South's move in a game against Nickar, to the end. */
async function playAgainstNickar(stack: Stack, messageId: string, player: string, ruleset: RulesetId) {
  const { driver, database } = stack;
  for (let i = 0; i < 400; i++) {
    const message = (await driver.message(messageId))!;
    const ref = gameRef(message)!;
    const row = gameRow(database, ref.gameId)!;
    if (row.status !== "active") return row;
    const played = replay(newGame(ruleset), JSON.parse(row.moves) as number[]);
    if (!played.ok) throw new Error("the stored moves do not replay");
    if (played.value.position.toMove !== 0 || ref.ply !== row.ply) {
      await waitFor(async () => {
        const now = gameRow(database, ref.gameId)!;
        const shown = gameRef((await driver.message(messageId))!)!;
        return now.status !== "active" || (shown.ply === now.ply && now.ply > ref.ply);
      }, "Nickar's move on the board");
      continue;
    }
    const house = moveButtons(message).find((b) => !b.disabled)!;
    const clicked = await driver.click(player, messageId, house.customId);
    expect(clicked.status, JSON.stringify(clicked.body)).toBe(200);
  }
  throw new Error("the game did not end");
}

describe("languages", () => {
  it("languages - a Danish user gets Danish replies, the English server's boards stay English - refusals", async () => {
    const stack = await startStack();
    try {
      const { driver } = stack;
      await driver.users("lars");
      await driver.setUser("lars", { locale: "da" });
      const [refusal] = await answer(stack, "lars", "/nickar move house:Z");
      expect(isEphemeral(refusal)).toBe(true);
      expect(refusal.content).toBe(da("errors:move/invalid", { text: '"Z"' }));
      const [none] = await answer(stack, "lars", "/nickar resign");
      expect(none.content).toBe(da("errors:game/none"));
      // The same refusal for an English client, and for a French one.
      await driver.users("emma", "zoe");
      await driver.setUser("zoe", { locale: "fr" });
      expect((await answer(stack, "emma", "/nickar resign"))[0].content).toBe(en("errors:game/none"));
      expect((await answer(stack, "zoe", "/nickar resign"))[0].content).toBe(fr("errors:game/none"));
    } finally {
      await stack.stop();
    }
  }, 120_000);

  it("languages - a French server gets French refusals for its English-less users and French boards - a full game against Nickar", async () => {
    const stack = await startStack({ local: { guildLocale: "fr" } });
    try {
      const { driver, database } = stack;
      await driver.users("manon");
      await driver.setUser("manon", { locale: "fr" });
      const [board] = await answer(stack, "manon", "/nickar play level:easy ruleset:abapa first:me");
      expect(isEphemeral(board)).toBe(false);
      // The board names the ruleset and the sides in French.
      expect(board.content).toContain(fr("common:ruleset.abapa"));
      expect(board.content).not.toContain(en("common:ruleset.abapa"));
      const row = await playAgainstNickar(stack, board.id, "manon", "abapa");
      expect(row.status).toBe("finished");
      const final = await waitFor(async () => {
        const m = await driver.message(board.id);
        return m && gameRef(m)?.ply === row.ply ? m : undefined;
      }, "the final board");
      expect(final.content).toContain(fr("common:ruleset.abapa"));
      // Sides, buttons and the image's alt text in French too.
      expect(final.content).toContain(`(${fr("common:side.south")}, A–F)`);
      const labels = buttonsOf(final).map((b) => b.label);
      expect(labels).toEqual([fr("game:button.animate"), fr("game:button.rematch"), fr("game:button.analyse")]);
      expect(final.attachments[0].description).toContain(fr("common:ruleset.abapa"));
      expect(final.attachments[0].description ?? "").not.toMatch(/\b(played|took|seeds|wins|store)\b/);
      expect(gameRow(database, row.id)!.status).toBe("finished");
    } finally {
      await stack.stop();
    }
  }, 300_000);

  it("languages - the server's setting overrides its Discord locale, and going back follows Discord again - settings language", async () => {
    const stack = await startStack();
    try {
      const { driver } = stack;
      await driver.users("admin", "ida", "ole");
      const [saved] = await answer(stack, "admin", "/nickar-admin settings language:da");
      expect(saved.content).toContain(en("replies:settings.saved"));
      expect(saved.content).toContain(en("replies:settings.language", { language: "Dansk" }));
      // A challenge between two English-speaking players in this server is posted in Danish.
      const [challenge] = await answer(stack, "ida", "/nickar challenge opponent:@ole ruleset:caribbean");
      expect(isEphemeral(challenge)).toBe(false);
      expect(challenge.content).toContain(da("common:ruleset.caribbean"));
      // Back to the server's Discord language (English here).
      const [back] = await answer(stack, "admin", "/nickar-admin settings language:discord");
      expect(back.content).toContain(
        en("replies:settings.language", { language: en("replies:settings.languageDiscord", { language: "English" }) }),
      );
      const [next] = await answer(stack, "ole", "/nickar challenge opponent:@ida ruleset:caribbean");
      expect(next.content).toContain(en("common:ruleset.caribbean"));
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
