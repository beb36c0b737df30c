// Per-player rate limits: the sliding window, the command limit the router applies, and the
// challenge limit counted from the challenges table (real SQLite file, manual clock).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { commandLimit, SlidingWindowLimiter } from "../../src/discord/rate-limit.ts";
import { UserError } from "../../src/errors.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { discordTranslator, refusalText } from "../../src/interactions/speech.ts";
import { ALICE, BOB, CAROL, HOUR, options, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** The UserError `run` throws (fails the test when it does not throw one). */
async function refusal(run: () => unknown): Promise<UserError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const unix = (ms: number) => Math.ceil(ms / 1000);

describe("the sliding window", () => {
  it("SlidingWindowLimiter - refuses past the limit and says when a place frees - a burst", () => {
    const limiter = new SlidingWindowLimiter(60_000);
    expect(limiter.hit("a", 3, 1000)).toEqual({ ok: true });
    expect(limiter.hit("a", 3, 2000)).toEqual({ ok: true });
    expect(limiter.hit("a", 3, 30_000)).toEqual({ ok: true });
    // The first hit leaves the window at 61 s: that is when the next one is allowed.
    expect(limiter.hit("a", 3, 40_000)).toEqual({ ok: false, retryAt: 61_000 });
    expect(limiter.hit("a", 3, 60_999)).toEqual({ ok: false, retryAt: 61_000 });
    expect(limiter.hit("a", 3, 61_000)).toEqual({ ok: true });
    expect(limiter.hit("a", 3, 61_001)).toEqual({ ok: false, retryAt: 62_000 });
    // Another key has its own count; 0 is no limit.
    expect(limiter.hit("b", 3, 61_001)).toEqual({ ok: true });
    for (let i = 0; i < 100; i++) expect(limiter.hit("c", 0, 61_001).ok).toBe(true);
  });

  it("SlidingWindowLimiter - forgets the players whose hits are all old - memory stays bounded", () => {
    const limiter = new SlidingWindowLimiter(60_000);
    for (let i = 0; i < 1000; i++) limiter.hit(`user${i}`, 5, 1000);
    expect(limiter.size).toBe(1000);
    limiter.hit("late", 5, 200_000);
    expect(limiter.size).toBe(1);
  });
});

describe("the command limit", () => {
  it("commandLimit - refuses a player over the server's limit with a Discord timestamp - per player and server", async () => {
    const admin = w.ctx(CAROL, { canManageGuild: true });
    await COMMANDS["nickar-admin settings"].handle(admin, options({ command_rate: 2 }));
    const admit = commandLimit(w.app);
    const start = w.clock.now();
    admit(w.ctx(ALICE));
    w.clock.advance(10_000);
    admit(w.ctx(ALICE));
    const refused = await refusal(() => admit(w.ctx(ALICE)));
    expect(refused.code).toBe("rate/commands");
    expect(refusalText(discordTranslator("en"), refused)).toBe(
      `You are using Nickar faster than this server allows (2 commands and buttons a minute): try again <t:${unix(start + 60_000)}:R>.`,
    );
    // Bob, and Alice in another server, are not affected.
    admit(w.ctx(BOB));
    admit(w.ctx(ALICE, { guildId: "999" }));
    w.clock.advance(50_000);
    admit(w.ctx(ALICE));
  });

  it("commandLimit - the configured default applies until the server chooses, 0 lifts it - defaults", async () => {
    const admit = commandLimit(w.app);
    // The test defaults have no limit.
    for (let i = 0; i < 100; i++) admit(w.ctx(ALICE));
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(CAROL, { canManageGuild: true }),
      options({ command_rate: 1 }),
    );
    admit(w.ctx(ALICE));
    await refusal(() => admit(w.ctx(ALICE)));
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(CAROL, { canManageGuild: true }),
      options({ command_rate: 0 }),
    );
    admit(w.ctx(ALICE));
  });
});

describe("the challenge limit", () => {
  const challenge = (userId: string, opponent: string) =>
    COMMANDS.challenge.handle(w.ctx(userId), options({ opponent: { id: opponent } }));

  it("challenges - the next one past the hourly limit is refused until the oldest is an hour old - cancel and repeat", async () => {
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(CAROL, { canManageGuild: true }),
      options({ challenge_rate: 3 }),
    );
    const first = w.clock.now();
    // Challenge spam: challenge, cancel, challenge again.
    for (let i = 0; i < 3; i++) {
      const res = await challenge(ALICE, BOB);
      await handleButton(w.ctx(ALICE), { type: "challenge", challengeId: res.bind!.id, action: "cancel" });
      w.clock.advance(60_000);
    }
    const refused = await refusal(() => challenge(ALICE, BOB));
    expect(refused.code).toBe("rate/challenges");
    expect(refusalText(discordTranslator("en"), refused)).toBe(
      `You have made 3 challenges in the last hour, the most this server allows: you can challenge again <t:${unix(first + HOUR)}:R>.`,
    );
    // Counted from the database: a restart does not forgive it.
    w.restart();
    await refusal(() => challenge(ALICE, CAROL));
    // Bob may still challenge.
    await challenge(BOB, CAROL);
    w.clock.advance(first + HOUR - w.clock.now());
    await challenge(ALICE, CAROL);
    await refusal(() => challenge(ALICE, "1004"));
  });

  it("challenges - series and open challenges count too - every kind", async () => {
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(CAROL, { canManageGuild: true }),
      options({ challenge_rate: 2 }),
    );
    await COMMANDS.challenge.handle(w.ctx(ALICE), options({}));
    await COMMANDS["series challenge"].handle(w.ctx(ALICE), options({ opponent: { id: BOB } }));
    const refused = await refusal(() => challenge(ALICE, CAROL));
    expect(refused.code).toBe("rate/challenges");
  });
});
