import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { HEARTBEAT, readState } from "../../src/db/bot-state.ts";
import { games } from "../../src/db/schema.ts";
import type { Messenger } from "../../src/discord/messenger.ts";
import { runDue, Scheduler } from "../../src/discord/scheduler.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { Notice } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { type Recorder, recordingMessenger } from "../support/recorder.ts";

let w: World;
/** The notices posted (the game's ending among them); most tests do not look at them. */
let posted: Notice[];
const noNotices = {
  post: async (notice: Notice) => {
    posted.push(notice);
    // Delivered: the outbox's row of it (a game's ending) is marked sent, as the real notice board does.
    if (notice.outboxKey) w.app.outbox.markSent(notice.outboxKey, w.clock.now());
  },
};
const logger = pino({ level: "silent" });
let edits: Recorder["edits"];
let sent: Recorder["sent"];
let messenger: Messenger;

beforeEach(() => {
  w = setup();
  ({ messenger, sent, edits } = recordingMessenger());
  posted = [];
});
afterEach(() => {
  vi.useRealTimers();
  w.close();
});

async function challenge(time = "1h") {
  const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, first: "me", time }));
  w.app.challenges.bindMessage(res.bind!.id, "challenge-msg");
  return res.bind!.id;
}

describe("deadlines", () => {
  it("scheduler - edits the challenge message - challenge expires", async () => {
    await challenge();
    w.clock.advance(10 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(edits).toHaveLength(1);
    expect(edits[0].ref).toEqual({ channelId: CHANNEL, messageId: "challenge-msg" });
    expect(edits[0].reply.content).toContain("expired");
    expect(edits[0].reply.components).toEqual([]);
  });

  it("scheduler - reminds at half time, then ends on time - after a restart", async () => {
    const challengeId = await challenge("1h");
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId, action: "accept" });
    const gameId = accepted.bind!.id;
    const move = (user: string, house: number) =>
      handleButton(w.ctx(user), {
        type: "game",
        gameId,
        ply: w.app.games.get(gameId)!.row.ply,
        action: { kind: "move", house },
      });
    await move(ALICE, 3);
    await move(BOB, 3);

    w.restart();
    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger);
    expect(sent.map((s) => s.reply.content)).toEqual([expect.stringContaining(`<@${ALICE}>, it is your move`)]);
    expect(sent[0].reply.mentions).toEqual([ALICE]);

    w.restart();
    w.clock.advance(30 * 60_000);
    await runDue(w.app, messenger, logger, { notices: noNotices });
    expect(w.app.games.get(gameId)!.row).toMatchObject({ status: "finished", winner: 1, reason: "timeout" });
    expect(edits.at(-1)?.ref.messageId).toBe("challenge-msg");
    expect(edits.at(-1)?.reply.content).toContain(`<@${BOB}> wins on time: <@${ALICE}> ran out of time`);
    // Both players are told by the game's notice, which replaces its last turn notice.
    expect(posted.at(-1)?.text).toContain(`<@${BOB}> wins on time: <@${ALICE}> ran out of time`);
    expect(posted.at(-1)).toMatchObject({ key: `game:${gameId}`, users: [ALICE, BOB] });

    // Nothing is due any more.
    edits.length = 0;
    sent.length = 0;
    posted = [];
    await runDue(w.app, messenger, logger, { notices: noNotices });
    expect([...edits, ...sent, ...posted]).toEqual([]);
  });
});

/** Log lines written by the code under test, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines, errors: () => lines.filter((l) => (l.level as number) >= 50) };
}

/** `a` challenges `b` (a moves first), the challenge message is bound, `b` accepts; returns the game id. */
async function startGame(a: string, b: string, time: string): Promise<string> {
  const res = await COMMANDS.challenge.handle(w.ctx(a), options({ opponent: { id: b }, first: "me", time }));
  w.app.challenges.bindMessage(res.bind!.id, `challenge-${a}-${b}`);
  const accepted = await handleButton(w.ctx(b), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  return accepted.bind!.id;
}

async function move(gameId: string, user: string, house: number) {
  const ply = w.app.games.get(gameId)!.row.ply;
  await handleButton(w.ctx(user), { type: "game", gameId, ply, action: { kind: "move", house } });
}

/** Fake timers (the scheduler's setTimeout and setInterval); the app's manual clock is moved with them. */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
}

/** Lets `ms` pass on both the manual clock and the fake timers, a second at a time. */
async function elapse(ms: number) {
  for (let done = 0; done < ms; done += 1000) {
    const step = Math.min(1000, ms - done);
    w.clock.advance(step);
    await vi.advanceTimersByTimeAsync(step);
  }
}

/** The process dies: its timers are gone and nothing more is written. */
function crash() {
  vi.clearAllTimers();
  w.restart();
}

describe("scheduler resilience", () => {
  it("scheduler - ends the healthy game on time and does not spin - one game no longer replays", async () => {
    fakeTimers();
    const corrupt = await startGame(ALICE, BOB, "5m");
    const healthy = await startGame(ALICE, CAROL, "5m");
    await move(healthy, ALICE, 3);
    await move(healthy, CAROL, 3);
    w.db().update(games).set({ moves: "[7]" }).where(eq(games.id, corrupt)).run();
    w.clock.advance(5 * 60_000);
    const capture = capturingLogger();
    const sweeps = vi.spyOn(w.app.games, "sweep");
    const scheduler = new Scheduler(w.app, messenger, capture.log, noNotices);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(500);

    expect(sweeps).toHaveBeenCalledTimes(1);
    expect(w.app.games.get(healthy)!.row).toMatchObject({ status: "finished", reason: "timeout", winner: 1 });
    expect(posted.map((n) => n.text)).toEqual([expect.stringContaining("ran out of time")]);
    expect(capture.errors()).toEqual([expect.objectContaining({ game: corrupt, attempts: 1 })]);

    // The bad game is skipped for a minute: no sweep in between, then one retry.
    await elapse(55_000);
    expect(sweeps).toHaveBeenCalledTimes(1);
    await elapse(6_000);
    expect(sweeps).toHaveBeenCalledTimes(2);
    expect(capture.errors()).toEqual([
      expect.objectContaining({ game: corrupt, attempts: 1 }),
      expect.objectContaining({ game: corrupt, attempts: 2 }),
    ]);
    scheduler.stop();
  });

  it("runDue - handles the other items and reports the failure - one of two due games fails", async () => {
    const corrupt = await startGame(ALICE, BOB, "5m");
    const healthy = await startGame(ALICE, CAROL, "5m");
    w.db().update(games).set({ moves: "[7]" }).where(eq(games.id, corrupt)).run();
    w.clock.advance(5 * 60_000);
    const capture = capturingLogger();
    expect(await runDue(w.app, messenger, capture.log)).toEqual({ failed: 1 });
    expect(w.app.games.get(healthy)!.row).toMatchObject({ status: "aborted", reason: "no-first-move" });
    expect(capture.errors()).toEqual([expect.objectContaining({ game: corrupt })]);
    // Skipped until its retry time, a minute later; the next deadline the timer waits for is that.
    expect(await runDue(w.app, messenger, capture.log)).toEqual({ failed: 0 });
    expect(w.app.games.nextDue()).toBe(w.clock.now() + 60_000);
  });

  it("scheduler - waits before sweeping again - the whole sweep fails", async () => {
    fakeTimers();
    const capture = capturingLogger();
    const expire = vi.spyOn(w.app.challenges, "expire").mockImplementation(() => {
      throw new Error("database is locked");
    });
    const scheduler = new Scheduler(w.app, messenger, capture.log, noNotices);
    scheduler.start();
    // Pokes (interactions) during the failure wait do not sweep.
    scheduler.poke();
    await vi.advanceTimersByTimeAsync(1000);
    scheduler.poke();
    await vi.advanceTimersByTimeAsync(1000);
    expect(expire).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(expire).toHaveBeenCalledTimes(2);
    // Then 10 s, 20 s…
    await vi.advanceTimersByTimeAsync(9_900);
    expect(expire).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(expire).toHaveBeenCalledTimes(3);
    expect(capture.errors().map((l) => [l.msg, l.failures])).toEqual([
      ["deadline sweep failed", 1],
      ["deadline sweep failed", 2],
      ["deadline sweep failed", 3],
    ]);
    // Once the database answers again, sweeps are back to normal.
    expire.mockRestore();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(capture.errors()).toHaveLength(3);
    scheduler.stop();
  });
});

describe("clocks stop while the bot is down", () => {
  it("scheduler - moves deadlines and expiries by the downtime - restart after an hour down", async () => {
    fakeTimers();
    let scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    const gameId = await startGame(ALICE, BOB, "5m");
    await move(gameId, ALICE, 3);
    const open = await COMMANDS.challenge.handle(w.ctx(CAROL), options({}));
    w.app.challenges.bindMessage(open.bind!.id, "open-challenge");
    await elapse(60_000);
    const before = w.app.games.get(gameId)!.row;
    const expiresAt = w.app.challenges.get(open.bind!.id)!.expiresAt;
    expect(readState(w.db(), HEARTBEAT)).toBe(w.clock.now());

    crash();
    w.clock.advance(60 * 60_000);
    edits.length = 0;
    scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);

    const after = w.app.games.get(gameId)!.row;
    expect(after.status).toBe("active");
    expect(after.deadlineAt).toBe(before.deadlineAt! + 60 * 60_000);
    expect(after.reminderAt).toBe(before.reminderAt! + 60 * 60_000);
    expect(w.app.challenges.get(open.bind!.id)).toMatchObject({
      status: "pending",
      expiresAt: expiresAt + 60 * 60_000,
    });
    // The messages show the new deadlines.
    const deadline = `<t:${Math.floor(after.deadlineAt! / 1000)}:R>`;
    expect(edits.map((e) => e.ref.messageId)).toEqual([before.messageId, "open-challenge"]);
    expect(edits[0].reply.content).toContain(deadline);
    expect(edits[0].reply.image).toBeUndefined();
    expect(sent).toEqual([]);

    // Bob had 4 minutes left: reminded after 1.5 of them, out of time after 4.
    await elapse(90_000);
    expect(sent.map((s) => s.reply.content)).toEqual([expect.stringContaining(`<@${BOB}>, it is your move`)]);
    expect(w.app.games.get(gameId)!.row.status).toBe("active");
    await elapse(149_000);
    expect(w.app.games.get(gameId)!.row.status).toBe("active");
    await elapse(1_000);
    // Bob never moved: the game is aborted on time (not lost), as without a downtime.
    expect(w.app.games.get(gameId)!.row).toMatchObject({ status: "aborted", reason: "no-first-move" });
    expect(w.app.challenges.get(open.bind!.id)!.status).toBe("pending");
    scheduler.stop();
  });

  // The case is 100 s on a time:2m game: it was once given back nothing (under two minutes).
  for (const outage of [5_000, 100_000, 10 * 60_000, 3 * 24 * 60 * 60_000]) {
    it(`scheduler - gives back exactly the time since the last sign of life - ${outage / 1000} s down on a 2m game`, async () => {
      fakeTimers();
      let scheduler = new Scheduler(w.app, messenger, logger, noNotices);
      scheduler.start();
      const gameId = await startGame(ALICE, BOB, "2m");
      await elapse(7_000);
      await move(gameId, ALICE, 3);
      await elapse(25_000);
      const before = w.app.games.get(gameId)!.row;
      const lastBeat = readState(w.db(), HEARTBEAT)!;
      // The heartbeat runs every 10 s: the last one came after the move.
      expect(lastBeat).toBeGreaterThan(before.updatedAt);
      const left = before.deadlineAt! - lastBeat;

      crash();
      w.clock.advance(outage);
      scheduler = new Scheduler(w.app, messenger, logger, noNotices);
      scheduler.start();
      await vi.advanceTimersByTimeAsync(0);
      const after = w.app.games.get(gameId)!.row;
      expect(after.status).toBe("active");
      // Bob has exactly the time he had when the bot was last known alive.
      expect(after.deadlineAt! - w.clock.now()).toBe(left);
      expect(after.reminderAt! - before.reminderAt!).toBe(w.clock.now() - lastBeat);
      await elapse(left - 1_000);
      expect(w.app.games.get(gameId)!.row.status).toBe("active");
      await elapse(1_000);
      // Out of time at last (Bob never moved, so the game is aborted rather than lost).
      expect(w.app.games.get(gameId)!.row).toMatchObject({ status: "aborted", reason: "no-first-move" });
      scheduler.stop();
    });
  }

  it("resumeAfterDowntime - a game written after the last heartbeat gets back only the time since - crash right after a move", async () => {
    const gameId = await startGame(ALICE, BOB, "2m");
    w.app.uptime.heartbeat();
    w.clock.advance(8_000);
    await move(gameId, ALICE, 3);
    const before = w.app.games.get(gameId)!.row;
    w.clock.advance(100_000);
    const downtime = w.app.uptime.resumeAfterDowntime()!;
    expect(downtime.ms).toBe(108_000);
    const after = w.app.games.get(gameId)!.row;
    expect(after.deadlineAt! - before.deadlineAt!).toBe(100_000);
    expect(after.deadlineAt! - w.clock.now()).toBe(120_000);
  });

  it("resumeAfterDowntime - shifts nothing and starts the heartbeat - first start ever", async () => {
    const gameId = await startGame(ALICE, BOB, "5m");
    const before = w.app.games.get(gameId)!.row;
    w.clock.advance(60 * 60_000);
    expect(readState(w.db(), HEARTBEAT)).toBeNull();
    expect(w.app.uptime.resumeAfterDowntime()).toBeNull();
    expect(readState(w.db(), HEARTBEAT)).toBe(w.clock.now());
    expect(w.app.games.get(gameId)!.row.deadlineAt).toBe(before.deadlineAt);
  });

  it("scheduler - measures the downtime from the stop - a clean shutdown", async () => {
    fakeTimers();
    let scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    const gameId = await startGame(ALICE, BOB, "1h");
    await elapse(45_000);
    const before = w.app.games.get(gameId)!.row;
    scheduler.stop();
    w.restart();
    w.clock.advance(10 * 60_000);
    scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(w.app.games.get(gameId)!.row.deadlineAt).toBe(before.deadlineAt! + 10 * 60_000);
    scheduler.stop();
  });
});

describe("games without a message", () => {
  /** Alice and Bob's series; game 1 ends without its handler posting game 2 (the bot dies first). */
  async function seriesWithUnpostedGame2(): Promise<string> {
    const res = await COMMANDS["series challenge"].handle(
      w.ctx(ALICE),
      options({ opponent: { id: BOB }, first: "me", first_to: 2 }),
    );
    w.app.challenges.bindMessage(res.bind!.id, "series-msg");
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    w.app.games.resign(accepted.bind!.id, ALICE, null);
    const [game2] = w.app.games.activeFor(GUILD, ALICE);
    expect(game2.row).toMatchObject({ seriesGame: 2, messageId: null });
    return game2.row.id;
  }

  it("scheduler - posts the next series game at startup - crash before its post", async () => {
    fakeTimers();
    const game2 = await seriesWithUnpostedGame2();
    crash();
    w.clock.advance(5_000);
    const scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0].channelId).toBe(CHANNEL);
    expect(sent[0].reply.content).toContain(`Game 2 of the series: <@${BOB}>, you move first.`);
    expect(sent[0].reply.mentions).toEqual([BOB, ALICE]);
    expect(sent[0].reply.components).toHaveLength(3);
    expect(w.app.games.get(game2)!.row.messageId).toBe("posted-1");
    // Posted once only.
    await elapse(120_000);
    expect(sent).toHaveLength(1);
    scheduler.stop();
  });

  it("runDue - posts an unposted game after the grace period, once - a post that never came", async () => {
    const game2 = await seriesWithUnpostedGame2();
    // Whoever ended game 1 may still be posting game 2: not yet.
    await runDue(w.app, messenger, logger);
    expect(sent).toEqual([]);
    w.clock.advance(60_000);
    await runDue(w.app, messenger, logger);
    expect(sent.map((s) => s.reply.content)).toEqual([expect.stringContaining("Game 2 of the series")]);
    expect(w.app.games.get(game2)!.row.messageId).toBe("posted-1");
    await runDue(w.app, messenger, logger);
    expect(sent).toHaveLength(1);
  });

  it("scheduler - posts an unposted plain game when its grace ends - timer armed for it", async () => {
    fakeTimers();
    const scheduler = new Scheduler(w.app, messenger, logger, noNotices);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    // A challenge whose message was never bound: the game starts without a message.
    const res = await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: BOB }, time: "1h" }));
    await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    scheduler.poke(); // as the router does after every interaction
    const [game] = w.app.games.activeFor(GUILD, ALICE);
    expect(game.row.messageId).toBeNull();
    await elapse(59_000);
    expect(sent).toEqual([]);
    await elapse(2_000);
    expect(sent.map((s) => s.reply.content)).toEqual([expect.stringContaining("(it had not been posted)")]);
    expect(sent[0].reply.mentions).toEqual([ALICE, BOB]);
    expect(w.app.games.get(game.row.id)!.row.messageId).toBe("posted-1");
    scheduler.stop();
  });
});
