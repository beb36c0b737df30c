// Discord's 3-second rule with the bot as its own process (`tsx src/bin/main.ts` in token mode) against a
// local Discord in this process, which keeps the time itself (its clock, its deadline). The bot's
// event loop is blocked from outside, honestly and without any test code in the bot: the process is
// stopped (SIGSTOP) while a user runs a command and continued (SIGCONT) only after the local Discord
// has given up on it, as Discord does ("The application did not respond"). The bot then handles the
// interaction it was sent and acknowledges it too late: 404 10062 Unknown interaction. No test here
// bounds how fast the bot is; only the local Discord's own deadline decides.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BotWorld, botWorld } from "./bot-process.ts";
import { type Child, waitFor } from "./harness.ts";

/** Discord's deadline, as the local Discord has it by default. */
const DISCORD_ACK_MS = 3000;

interface InteractionState {
  ackDeadline: number;
  ackedAt: number | null;
  lateCallbacks: number[];
  errors: { status: number; code: number; message: string }[];
}

describe("the 3-second rule with the bot as its own process", () => {
  let world: BotWorld;
  let bot: Child;

  beforeAll(async () => {
    world = await botWorld("e2e.ack-deadline.token", { ackTimeoutMs: DISCORD_ACK_MS });
    bot = await world.start();
  }, 120_000);

  afterAll(async () => {
    // A stopped process does not die of SIGKILL until it is continued.
    if (bot?.process.exitCode === null) bot.process.kill("SIGCONT");
    await world?.close();
  });

  const interaction = async (id: string): Promise<InteractionState> => {
    const { status, body } = await world.driver.call(`/local/interactions/${id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  /** A command that only answers (no game, nothing stored), so a late one changes nothing. */
  const rules = () => world.driver.command("alice", "/nickar rules ruleset:wari");

  it("ack deadline - acknowledged in time, then 504 and 10062 Unknown interaction for the late one - the bot process stopped past the deadline", async () => {
    const { driver } = world;

    // A normal interaction: acknowledged before the local Discord's deadline, on its own clock.
    const normal = await rules();
    expect(normal.status, JSON.stringify(normal.body)).toBe(200);
    const inTime = await interaction(normal.body.interaction.id);
    expect(inTime.ackedAt).not.toBeNull();
    expect(inTime.ackedAt!).toBeLessThanOrEqual(inTime.ackDeadline);
    expect(inTime.lateCallbacks).toEqual([]);

    // The bot's process cannot run (as if its event loop were blocked) while the command is sent.
    expect(bot.process.kill("SIGSTOP")).toBe(true);
    let late: Awaited<ReturnType<typeof rules>>;
    try {
      late = await rules();
    } finally {
      bot.process.kill("SIGCONT");
    }
    // The user saw "The application did not respond": the local Discord's deadline passed unanswered.
    expect(late.status, JSON.stringify(late.body)).toBe(504);
    expect(late.body.error.message).toBe("The application did not respond");
    expect(late.body.response).toBeNull();

    // Continued, the bot handles the interaction it was sent and acknowledges it: too late, 10062.
    const refused = await waitFor(async () => {
      const state = await interaction(late.body.interaction.id);
      return state.lateCallbacks.length > 0 ? state : undefined;
    }, "the bot's late acknowledgement");
    expect(refused.ackedAt).toBeNull();
    expect(refused.lateCallbacks[0]).toBeGreaterThan(refused.ackDeadline);
    expect(refused.errors[0]).toEqual({ status: 404, code: 10062, message: "Unknown interaction" });
    await bot.waitForOutput(/"code":10062/);

    // And the bot, running again, acknowledges the next interaction in time.
    const after = await rules();
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    const again = await interaction(after.body.interaction.id);
    expect(again.ackedAt!).toBeLessThanOrEqual(again.ackDeadline);
    expect((await driver.info()).botConnected).toBe(true);
  }, 120_000);
});
