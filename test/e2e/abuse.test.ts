// Hostile input through the local Discord and the real router: the per-player command limit.
import type { APIMessage } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { nextMove } from "./bot-process.ts";
import { gameRef, type Stack, startGame, startStack } from "./harness.ts";

describe("the command limit through Discord", () => {
  const clock = manualClock(Date.now());
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ clock });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const contentOf = (body: { messages?: APIMessage[] }) => (body.messages ?? []).map((m) => m.content).join("\n");

  it("rate limit - the command past the limit is refused with when to try again, moves never - command_rate:3", async () => {
    const { driver } = stack;
    expect((await driver.command("admin", "/nickar-admin settings command_rate:3")).status).toBe(200);
    // Alice: the challenge is her first command; Bob's Accept is his first.
    const game = await startGame(driver, "alice", "bob", "abapa");
    for (let i = 0; i < 2; i++) {
      const answer = await driver.command("alice", "/nickar games");
      expect(contentOf(answer.body)).not.toContain("try again");
    }
    const refused = await driver.command("alice", "/nickar games");
    expect(refused.status).toBe(200);
    const retryAt = Math.ceil((clock.now() + 60_000) / 1000);
    expect(contentOf(refused.body)).toBe(
      `You are using Nickar faster than this server allows (3 commands and buttons a minute): try again <t:${retryAt}:R>.`,
    );
    expect(refused.body.messages[0].flags & 64).toBe(64);
    // Moves are not counted: both play on, Alice well past her limit.
    let message = game.message;
    for (let ply = 0; ply < 8; ply++) {
      const next = nextMove(driver, message)!;
      const answer = await driver.click(next.mover, game.messageId, next.customId);
      message = (answer.body.messages as APIMessage[]).find((m) => m.id === game.messageId)!;
      expect(gameRef(message)?.ply).toBe(ply + 1);
    }
    // A minute after her first command she may use one again.
    clock.advance(60_000);
    expect(contentOf((await driver.command("alice", "/nickar games")).body)).not.toContain("try again");
  });
});
