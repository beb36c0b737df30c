// Refusals that quote what a user typed must fit Discord's 2000 characters, or the user sees "This
// interaction failed". The options have a max_length now, so the driver types as a client that
// still shows an older registration would (no max_length: Discord's 6000 is the only limit).
import { describe, expect, it } from "vitest";
import { sharedStack } from "./harness.ts";

const stack = sharedStack();
const LONG_ID = "g".repeat(3000);

const COMMANDS = [
  `/nickar game id:${LONG_ID}`,
  `/nickar move house:${LONG_ID}`,
  `/nickar move house:C game:${LONG_ID}`,
  `/nickar board game:${LONG_ID}`,
  `/nickar resign game:${LONG_ID}`,
  `/nickar export id:${LONG_ID}`,
  `/nickar-admin cancel game:${LONG_ID} reason:spam`,
  `/nickar-admin void game:${LONG_ID} reason:spam`,
  `/nickar challenge ruleset:${LONG_ID}`,
  `/nickar challenge time:${LONG_ID}`,
];

describe("long input", () => {
  for (const text of COMMANDS) {
    it(`refusal - answered privately within 2000 characters - ${text.slice(0, 28)}… (3000 characters)`, async () => {
      const { driver } = stack();
      const answer = await driver.call("/local/command", {
        user: "admin",
        channel: "games",
        text,
        ignoreOptionLimits: true,
      });
      expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
      expect(answer.body.errors).toEqual([]);
      const [reply] = answer.body.messages;
      expect(reply.flags & 64).toBe(64);
      expect(reply.content.length).toBeLessThanOrEqual(2000);
      expect(reply.content).toMatch(/"g+…"/);
    });
  }

  it("long input - refused by the client - the registered max_length", async () => {
    const { driver } = stack();
    const answer = await driver.command("alice", `/nickar game id:${LONG_ID}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toContain("at most 100 characters");
  });
});
