// The playground's clock: the organiser moves it forward from the page (POST /local/clock), and the bot,
// which keeps time by it, does at once what fell due in the jump, with nothing else happening.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { challenges } from "../../src/db/schema.ts";
import { startStack, waitFor } from "./harness.ts";

const DEFAULTS = { timeLimit: 86_400, maxGamesPerPlayer: 10, challengeExpiry: 10 * 60_000 };

describe("the playground's clock", () => {
  it("clock moved an hour - the challenge expires at once, without another command - playground's own clock", async () => {
    const stack = await startStack({ defaults: DEFAULTS });
    try {
      const { driver, database, playground } = stack;
      const [tara, uma] = await driver.users("tara", "uma");
      const challenge = await driver.command("tara", "/nickar challenge opponent:@uma ruleset:speightstown");
      const messageId: string = challenge.body.messages[0].id;
      const bound = () => database.db.select().from(challenges).where(eq(challenges.messageId, messageId)).get();
      await waitFor(() => bound(), "the challenge message to be bound");

      const moved = await driver.call("/local/clock", { advance: "1h" });
      expect(moved.status).toBe(200);
      expect(playground.local.localDiscord.clock.offsetMs).toBe(3_600_000);
      // The scheduler's timer was set for ten real minutes: only the poke on the clock's move makes this quick.
      const edited = await waitFor(
        async () => {
          const m = await driver.message(messageId);
          return m?.content.includes("expired") ? m : undefined;
        },
        "the challenge message to say it expired",
        20_000,
      );
      expect(edited.content).toBe(`The challenge from <@${tara}> to <@${uma}> expired.`);
      expect(bound()).toMatchObject({ status: "expired" });
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
