// The daily puzzle through the real scheduler sweep (runDue) and a recording messenger, on a real SQLite
// database: the admin's setting, the post at its time with Solve, the counts edited at most once a
// minute, the solution the next day, and Solve refused after it.
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../../src/commands/index.ts";
import { puzzleAttempts } from "../../../src/db/schema.ts";
import type { Messenger } from "../../../src/discord/messenger.ts";
import { runDue } from "../../../src/discord/scheduler.ts";
import { handleButton } from "../../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../../src/interactions/custom-id.ts";
import type { MessageRef, Reply } from "../../../src/interactions/reply.ts";
import { housesOf } from "../../../src/puzzles/puzzle-line.ts";
import { ALICE, BOB, CAROL, DAY, options, setup, type World } from "../../support/helpers.ts";

const logger = pino({ level: "silent" });
const PUZZLES = "300";

let w: World;
let sent: { channelId: string; reply: Reply }[];
let edits: { ref: MessageRef; reply: Reply }[];
const messenger: Messenger = {
  edit: async (ref, reply) => void edits.push({ ref, reply }),
  send: async (channelId, reply) => {
    sent.push({ channelId, reply });
    return `m${sent.length}`;
  },
  direct: async () => null,
  remove: async () => {},
};

beforeEach(() => {
  w = setup();
  sent = [];
  edits = [];
});
afterEach(() => w.close());

const admin = (values: Record<string, string | { id: string }>) =>
  COMMANDS["nickar-admin settings"].handle(w.ctx(ALICE, { canManageGuild: true }), options(values));

describe("daily puzzle", () => {
  it("daily puzzle - posted at its time with Solve, counts edited at most once a minute, solution the next day - a day's cycle", async () => {
    // 2025-01-01 00:00 UTC: the daily puzzle at 18:30.
    const settings = await admin({ daily_puzzle: { id: PUZZLES }, daily_puzzle_time: "18:30" });
    expect(settings.reply.content).toContain("Daily puzzle: in <#300> at 18:30 UTC.");
    await runDue(w.app, messenger, logger);
    expect(sent).toEqual([]);
    const postAt = Date.UTC(2025, 0, 1, 18, 30);
    expect(w.app.dailyPuzzles.nextDue()).toBe(postAt);
    w.clock.set(postAt);
    await runDue(w.app, messenger, logger);
    expect(sent).toHaveLength(1);
    const post = sent[0];
    expect(post.channelId).toBe(PUZZLES);
    expect(post.reply.content).toContain("Puzzle of the day** 2025-01-01");
    expect(post.reply.content).toContain("Nobody has tried it yet.");
    const solveId = parseCustomId((post.reply.components![0].components[0] as { custom_id: string }).custom_id)!;
    // The same sweep again posts nothing more.
    await runDue(w.app, messenger, logger);
    expect(sent).toHaveLength(1);

    // Alice solves it, Bob gives up: both privately.
    const alice = await handleButton(w.ctx(ALICE), solveId);
    expect(alice.reply.ephemeral).toBe(true);
    const daily = w.app.dailyPuzzles.get("100", "2025-01-01")!;
    const puzzle = w.app.puzzles.puzzle(daily.puzzleId)!;
    let attempt = w.db().select().from(puzzleAttempts).get()!;
    for (let step = 0; attempt.status === "open"; ) {
      const result = w.app.puzzles.move(attempt.id, ALICE, step, housesOf(puzzle.solution)[step]);
      attempt = result.attempt;
      step = attempt.step;
    }
    expect(attempt).toMatchObject({ status: "solved", dailyDate: "2025-01-01" });
    // The post was last shown when it was made: an edit only a minute after that.
    w.clock.advance(30_000);
    await runDue(w.app, messenger, logger);
    expect(edits).toEqual([]);
    expect(w.app.dailyPuzzles.nextDue()).toBe(postAt + 60_000);
    w.clock.set(postAt + 60_000);
    await runDue(w.app, messenger, logger);
    expect(edits).toHaveLength(1);
    expect(edits[0].ref).toEqual({ channelId: PUZZLES, messageId: "m1" });
    expect(edits[0].reply.content).toContain("1 of 1 player who tried it solved it.");
    expect(edits[0].reply.image).toBeUndefined();
    const bob = await handleButton(w.ctx(BOB), solveId);
    const bobTry = w
      .db()
      .select()
      .from(puzzleAttempts)
      .all()
      .find((a) => a.userId === BOB)!;
    w.app.puzzles.giveUp(bobTry.id, BOB, 0);
    expect(bob.reply.content).toContain("Rated");
    w.clock.advance(10_000);
    await runDue(w.app, messenger, logger);
    expect(edits).toHaveLength(1);
    w.clock.advance(50_000);
    await runDue(w.app, messenger, logger);
    expect(edits[1].reply.content).toContain("1 of the 2 players who tried it solved it.");

    // Carol opens it before midnight and leaves it open.
    const carol = await handleButton(w.ctx(CAROL), solveId);
    expect(carol.reply.ephemeral).toBe(true);
    const carolTry = w
      .db()
      .select()
      .from(puzzleAttempts)
      .all()
      .find((a) => a.userId === CAROL)!;

    // The next day at midnight: the solution, and the old post without its button.
    w.clock.set(Date.UTC(2025, 0, 2));
    await runDue(w.app, messenger, logger);
    const solution = sent[1];
    expect(solution.reply.content).toContain("**Puzzle of the day** 2025-01-01: the solution is");
    expect(solution.reply.content).toContain("1 of the 3 players who tried it solved it.");
    expect((await solution.reply.image!())?.name).toBe("nickar-daily-2025-01-01-solution.gif");
    const closed = edits.at(-1)!;
    expect(closed.ref.messageId).toBe("m1");
    expect(closed.reply.components).toEqual([]);
    // Too late for Carol: neither a new try nor the one she left open (the solution is out).
    await expect(async () => handleButton(w.ctx(CAROL), solveId)).rejects.toMatchObject({ code: "puzzle/daily-over" });
    expect(() => w.app.puzzles.move(carolTry.id, CAROL, 0, housesOf(puzzle.solution)[0])).toThrow(
      expect.objectContaining({ code: "puzzle/daily-over" }),
    );
    expect(w.app.dailyPuzzles.nextDue()).toBe(Date.UTC(2025, 0, 2, 18, 30));
    w.clock.set(Date.UTC(2025, 0, 2, 18, 30));
    await runDue(w.app, messenger, logger);
    expect(sent).toHaveLength(3);
    // A different puzzle each day.
    expect(w.app.dailyPuzzles.get("100", "2025-01-02")!.puzzleId).not.toBe(daily.puzzleId);
  });

  it("daily puzzle setting - off stops the posts, a bad time is refused - settings", async () => {
    await admin({ daily_puzzle: { id: PUZZLES } });
    expect(w.app.settings.get("100")).toMatchObject({ dailyPuzzleChannel: PUZZLES, dailyPuzzleMinute: 720 });
    await expect(async () => admin({ daily_puzzle_time: "25:00" })).rejects.toMatchObject({
      code: "settings/daily-time",
    });
    await admin({ daily_puzzle_time: "off" });
    expect(w.app.settings.get("100").dailyPuzzleChannel).toBeNull();
    w.clock.advance(DAY);
    await runDue(w.app, messenger, logger);
    expect(sent).toEqual([]);
    expect(w.app.dailyPuzzles.nextDue()).toBeNull();
  });
});
