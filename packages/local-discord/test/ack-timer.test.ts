/**
 * The acknowledgement timer of the local Discord. Node's timers can fire before `Date.now()` has
 * passed the deadline they were set for (they count from the event loop's cached time); the driver's
 * waiter then finds the window still open. Here the registry's clock lags behind its timers on
 * purpose, so the timer fires "early" every time until the clock is moved past the deadline.
 */
import { InteractionType } from "discord-api-types/v10";
import { afterEach, describe, expect, it } from "vitest";
import { InteractionRegistry } from "../src/interactions.ts";

let registry: InteractionRegistry | null = null;
afterEach(() => registry?.close());

/** A registry on the given clock with a 20 ms window, and one slash command interaction in it. */
function commandWithClock(now: () => number) {
  registry = new InteractionRegistry({ ackTimeoutMs: 20, tokenLifetimeMs: 60_000, now });
  return registry.create({ type: InteractionType.ApplicationCommand, applicationId: "1", userId: "2", channelId: "3" });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("local Discord - acknowledgement timer", () => {
  it("ack timer - wakes the waiter once the deadline has really passed - a clock lagging behind the timers", async () => {
    let clock = 1_000;
    const record = commandWithClock(() => clock);
    const wakes: number[] = [];
    const passed = new Promise<number>((resolve) => {
      record.listeners.add(() => {
        wakes.push(clock);
        if (clock > record.ackDeadline) resolve(clock);
      });
    });
    // Several timer periods go by while the clock still reads the start time: nobody is woken early.
    await sleep(100);
    expect(wakes).toEqual([]);
    clock = record.ackDeadline + 1;
    // A hang guard, not a speed threshold: without the re-armed timer nothing would ever wake the waiter.
    const woken = await Promise.race([passed, sleep(5_000).then(() => "never woken")]);
    expect(woken).toBe(record.ackDeadline + 1);
  });

  it("ack timer - stops once the interaction is acknowledged - no wake after the ack", async () => {
    let clock = 1_000;
    const record = commandWithClock(() => clock);
    let wakes = 0;
    record.listeners.add(() => wakes++);
    record.ack = { type: 4, ephemeral: false };
    clock = record.ackDeadline + 1;
    await sleep(60);
    expect(wakes).toBe(0);
  });
});
