// The puzzle service on a real SQLite database with the shipped starter set: tries played through the
// button handlers (the real custom ids, parsed back), ratings, stale presses, the leaderboard, forget-me.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { puzzleAttempts, puzzleRatings, puzzles } from "../../src/db/schema.ts";
import { moveLetter } from "../../src/engine/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { housesOf, linePoints, refutationOf } from "../../src/puzzles/puzzle-line.ts";
import { ALICE, BOB, CAROL, GUILD, options, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** A starter puzzle with at least `solverMoves` moves of the solver. */
function starter(ruleset: string, solverMoves = 1) {
  w.app.puzzles.count();
  const row = w
    .db()
    .select()
    .from(puzzles)
    .all()
    .find((p) => p.ruleset === ruleset && p.solverMoves >= solverMoves);
  if (!row) throw new Error(`no ${ruleset} puzzle with ${solverMoves} solver moves`);
  return row;
}

/** The custom id of the button labelled `label` prefix (a house "D · 4", "Show solution", "Next puzzle"). */
function press(userId: string, response: Response, label: string) {
  const buttons = (response.reply.components ?? []).flatMap((r) => r.components);
  const found = buttons.find((b) => "label" in b && b.label?.startsWith(label));
  if (!found || !("custom_id" in found))
    throw new Error(`no button ${label}: ${buttons.map((b) => "label" in b && b.label)}`);
  const id = parseCustomId(found.custom_id);
  if (!id) throw new Error(`unparsable ${found.custom_id}`);
  return handleButton(w.ctx(userId), id);
}

/** The house button's label prefix for the solution's move at `index`. */
function solutionLabel(p: ReturnType<typeof starter>, index: number): string {
  const points = linePoints(p);
  const house = housesOf(p.solution)[index];
  const player = points[index].state.position.toMove;
  return `${moveLetter(player, house)} ·`;
}

/** Plays a try's solution to its end; returns the last result. */
function solve(userId: string, attemptId: string, solution: string) {
  let step = 0;
  for (;;) {
    const result = w.app.puzzles.move(attemptId, userId, step, housesOf(solution)[step]);
    if (result.kind !== "continue") return result;
    step = result.attempt.step;
  }
}

describe("puzzle service", () => {
  it("puzzle solve - serves an untried puzzle of the ruleset privately, near the rating - starter set loaded on first use", async () => {
    const response = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(ALICE), options({ ruleset: "wari" }));
    expect(response.reply.ephemeral).toBe(true);
    expect(response.reply.content).toContain("Wari");
    expect(w.app.puzzles.count("wari")).toBeGreaterThanOrEqual(150);
    const attempt = w.db().select().from(puzzleAttempts).get()!;
    expect(attempt).toMatchObject({ userId: ALICE, guildId: GUILD, ruleset: "wari", status: "open", rated: true });
    // The 12 nearest to 1500 among the untried: the puzzle served is one of them.
    const all = w
      .db()
      .select()
      .from(puzzles)
      .all()
      .filter((p) => p.ruleset === "wari");
    const distances = all.map((p) => Math.abs(p.rating - 1500)).sort((a, b) => a - b);
    const served = all.find((p) => p.id === attempt.puzzleId)!;
    expect(Math.abs(served.rating - 1500)).toBeLessThanOrEqual(distances[11]);
  });

  it("puzzle try - the solution's moves solve it, the opponent replying between them - rating up, puzzle down, streak 1", async () => {
    const p = starter("haiti", 2);
    const started = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    let response: Response = {
      mode: "reply",
      reply: (await import("../../src/puzzles/views/puzzle.ts")).puzzleReply(w.ctx(ALICE), started),
    };
    const solution = housesOf(p.solution);
    const solver = linePoints(p)[0].state.position.toMove;
    const points = linePoints(p);
    let presses = 0;
    for (let i = 0; i < solution.length; i++) {
      if (points[i].state.position.toMove !== solver) continue;
      response = await press(ALICE, response, solutionLabel(p, i));
      presses++;
      if (i < solution.length - 1) expect(response.reply.content).toContain("is right");
    }
    expect(presses).toBe(p.solverMoves);
    expect(response.reply.content).toContain("Solved!");
    expect(response.reply.content).toContain("Puzzles solved in a row: 1.");
    expect(response.reply.content).toMatch(/Puzzle `\w{12}`, rated \d+, 1 solved in 1 rated try\./);
    const rating = w.db().select().from(puzzleRatings).get()!;
    expect(rating).toMatchObject({ userId: ALICE, ruleset: "haiti", attempts: 1, solved: 1, streak: 1, bestStreak: 1 });
    expect(rating.rating).toBeGreaterThan(1500);
    const after = w.app.puzzles.puzzle(p.id)!;
    expect(after.rating).toBeLessThan(p.rating);
    expect(after).toMatchObject({ attempts: 1, solves: 1 });
  });

  it("puzzle try - a wrong legal move fails it and shows the solution - rating down, puzzle up, streak reset", async () => {
    const p = starter("abapa");
    const started = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    const right = housesOf(p.solution)[0];
    const wrong = linePoints(p)[0].state.legalMoves.find((h) => h !== right)!;
    const result = w.app.puzzles.move(started.attempt.id, ALICE, 0, wrong);
    expect(result).toMatchObject({ kind: "failed", wrong, played: [] });
    expect(result.change!.after).toBeLessThan(result.change!.before);
    expect(w.app.puzzles.puzzle(p.id)!.rating).toBeGreaterThan(p.rating);
    expect(w.app.puzzles.standing(ALICE, "abapa")).toMatchObject({ attempts: 1, solved: 0, streak: 0 });
  });

  it("puzzle try - the animation opens on the puzzle's position, the refutation then the solution - a wrong house pressed", async () => {
    const p = starter("abapa");
    const started = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    const reply = (await import("../../src/puzzles/views/puzzle.ts")).puzzleReply(w.ctx(ALICE), started);
    const wrong = linePoints(p)[0].state.legalMoves.find((h) => h !== housesOf(p.solution)[0])!;
    const solver = linePoints(p)[0].state.position.toMove;
    const failed = await press(ALICE, { mode: "reply", reply }, `${moveLetter(solver, wrong)} ·`);
    expect(failed.reply.content).toContain("is not it");
    const gif = await failed.reply.image!();
    // The wrong move's refutation, then the solution from the puzzle's position.
    const refutation = refutationOf(p, 0, wrong)!;
    expect(gif?.data.toString()).toBe(`line of ${refutation.length + linePoints(p).length - 1} from the start`);
  });

  it("puzzle try - refused - an old step pressed again, another player's press, a move after the end", () => {
    const p = starter("caribbean");
    const { attempt } = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    const first = housesOf(p.solution)[0];
    expect(() => w.app.puzzles.move(attempt.id, BOB, 0, first)).toThrow(
      expect.objectContaining({ code: "puzzle/not-yours" }),
    );
    w.app.puzzles.giveUp(attempt.id, ALICE, 0);
    expect(() => w.app.puzzles.move(attempt.id, ALICE, 0, first)).toThrow(
      expect.objectContaining({ code: "puzzle/stale" }),
    );
    expect(w.app.puzzles.get(attempt.id)!.attempt.status).toBe("failed");
  });

  it("puzzle try - a second try at the same puzzle is not rated - ratings untouched", () => {
    const p = starter("bridgetown");
    const one = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    w.app.puzzles.giveUp(one.attempt.id, ALICE, 0);
    const before = w.app.puzzles.standing(ALICE, "bridgetown");
    const two = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    expect(two.attempt.rated).toBe(false);
    const result = w.app.puzzles.move(two.attempt.id, ALICE, 0, housesOf(p.solution)[0]);
    if (result.kind === "solved") expect(result.change).toBeNull();
    expect(w.app.puzzles.standing(ALICE, "bridgetown")).toEqual(before);
  });

  it("puzzle try - a second try while the first is open gives the same try back - no unrated twin to read the solution from", () => {
    const p = starter("wari");
    const one = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, "2025-01-01");
    const two = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, "2025-01-01");
    expect(two.attempt).toEqual(one.attempt);
    expect(w.db().select().from(puzzleAttempts).all()).toHaveLength(1);
  });

  it("puzzle next - an unfinished rated try counts as missed when another puzzle is asked for - skipping", () => {
    const first = w.app.puzzles.next({ userId: ALICE, guildId: GUILD, ruleset: "speightstown" });
    const second = w.app.puzzles.next({ userId: ALICE, guildId: GUILD, ruleset: "speightstown" });
    expect(second.puzzle.id).not.toBe(first.puzzle.id);
    expect(w.app.puzzles.get(first.attempt.id)!.attempt).toMatchObject({ status: "failed" });
    expect(w.app.puzzles.standing(ALICE, "speightstown")).toMatchObject({ attempts: 1, solved: 0, streak: 0 });
  });

  it("puzzle solve - a rated try open asks before counting it missed; Back shows it again - nothing counts until confirmed", async () => {
    const first = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(ALICE), options({ ruleset: "abapa" }));
    const open = w.db().select().from(puzzleAttempts).get()!;
    const asked = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(ALICE), options({ ruleset: "abapa" }));
    expect(asked.mode).toBe("reply");
    expect(asked.reply.ephemeral).toBe(true);
    expect(asked.reply.content).toContain("still open");
    expect(asked.reply.content).toContain(open.puzzleId);
    expect(asked.reply.image).toBeUndefined();
    // Nothing written: the open try is open, the rating untouched, no second try.
    expect(w.db().select().from(puzzleAttempts).all()).toEqual([open]);
    expect(w.app.puzzles.standings(ALICE)).toEqual([]);
    const back = await press(ALICE, asked, "Back to the open puzzle");
    expect(back.mode).toBe("update");
    expect(back.reply.components).toEqual(first.reply.components);
    // Back does not end the try: its buttons still play.
    expect(w.app.puzzles.get(open.id)!.attempt.status).toBe("open");
  });

  it("puzzle next - Count it as missed fails the open try and serves a new one in the question's place - confirmed", async () => {
    const p = starter("abapa", 2);
    const started = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, p.id, null);
    w.app.puzzles.move(started.attempt.id, ALICE, 0, housesOf(p.solution)[0]);
    const done = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(BOB), options({ ruleset: "abapa" }));
    const bobTry = w.app.puzzles.get(
      w
        .db()
        .select()
        .from(puzzleAttempts)
        .all()
        .find((a) => a.userId === BOB)!.id,
    )!;
    const ended = await press(BOB, done, "Show solution");
    // A Next puzzle press with nothing open serves at once (Bob's try ended).
    const fresh = await press(BOB, ended, "Next puzzle");
    expect(fresh.reply.content).toContain("Rated");
    expect(bobTry.attempt.status).toBe("open");
    // Alice's try is one move in: Next puzzle (an id made before the question existed) asks first.
    const asked = await handleButton(w.ctx(ALICE), parseCustomId("pn:abapa:-")!);
    expect(asked.reply.content).toContain(p.id);
    expect(w.app.puzzles.get(started.attempt.id)!.attempt.status).toBe("open");
    const next = await press(ALICE, asked, "Count it as missed");
    expect(next.mode).toBe("update");
    expect(next.reply.content).toContain("Rated");
    expect(w.app.puzzles.get(started.attempt.id)!.attempt.status).toBe("failed");
    expect(w.app.puzzles.standing(ALICE, "abapa")).toMatchObject({ attempts: 1, solved: 0 });
    // Pressed again (a second click), the open try is the new one it served: asked about, not counted.
    const again = await press(ALICE, asked, "Count it as missed");
    expect(again.reply.content).toContain("still open");
    expect(w.app.puzzles.standing(ALICE, "abapa")).toMatchObject({ attempts: 1 });
  });

  it("puzzle next - the missed try's message loses its buttons through its token, its old buttons say it was missed - confirmed", async () => {
    const first = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(ALICE), options({ ruleset: "wari" }));
    const attemptId = w.db().select().from(puzzleAttempts).get()!.id;
    expect(first.bind).toEqual({ kind: "puzzle", id: attemptId });
    // What the router does with `bind`: the message and the token of the interaction that showed it.
    w.app.puzzles.showMessage(attemptId, "@original", "token-1", 1_000);
    const asked = await COMMANDS["nickar-puzzle solve"].handle(w.ctx(ALICE), options({ ruleset: "wari" }));
    expect(asked.bind).toBeUndefined();
    expect(asked.tokenEdits ?? []).toEqual([]);
    const next = await press(ALICE, asked, "Count it as missed");
    expect(next.tokenEdits).toEqual([
      {
        ref: "@original",
        token: "token-1",
        at: 1_000,
        reply: { content: expect.stringContaining("counted as missed"), components: [], mentions: [] },
      },
    ]);
    expect(w.app.puzzles.get(attemptId)!.attempt).toMatchObject({ status: "failed", missed: true });
    await expect(async () => press(ALICE, first, "Show solution")).rejects.toMatchObject({ code: "puzzle/missed" });
  });

  it("puzzle line - playing any starter puzzle's solution through the service solves it in its solver moves - property", () => {
    w.app.puzzles.count();
    const all = w.db().select().from(puzzles).all();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: all.length - 1 }), (i) => {
        const p = all[i];
        const user = `u${i}`;
        const { attempt } = w.app.puzzles.start({ userId: user, guildId: GUILD }, p.id, null);
        expect(solve(user, attempt.id, p.solution).kind).toBe("solved");
        // One try, rated: the solver's moves were each pressed once (no reply counted as theirs).
        expect(w.app.puzzles.standing(user, p.ruleset)).toMatchObject({ attempts: 1, solved: 1 });
        const moves = housesOf(p.solution).filter(
          (_, k) => linePoints(p)[k].state.position.toMove === linePoints(p)[0].state.position.toMove,
        );
        expect(moves).toHaveLength(p.solverMoves);
      }),
      { numRuns: 40 },
    );
  });

  it("puzzle leaderboard - lists who tried here, by rating or by longest streak - another server's players left out", async () => {
    const solveOne = (userId: string, guildId: string, ruleset: string, solved: boolean) => {
      const next = w.app.puzzles.next({ userId, guildId, ruleset: ruleset as "abapa" });
      if (!solved) return w.app.puzzles.giveUp(next.attempt.id, userId, 0);
      return solve(userId, next.attempt.id, next.puzzle.solution);
    };
    for (let i = 0; i < 3; i++) solveOne(ALICE, GUILD, "abapa", true);
    solveOne(BOB, GUILD, "abapa", false);
    solveOne(CAROL, "other-server", "abapa", true);
    const byRating = w.app.puzzles.leaderboard(GUILD, "abapa", "rating").map((r) => r.userId);
    expect(byRating).toEqual([ALICE, BOB]);
    const top = await COMMANDS["nickar-puzzle top"].handle(w.ctx(BOB), options({ ruleset: "abapa", by: "streak" }));
    expect(top.reply.content).toMatch(/1\. <@1001>.*best streak [1-3]/);
    expect(top.reply.mentions).toEqual([]);
  });

  it("puzzle stats - ratings per ruleset, a chart of puzzles named for the player with its deviation - and forget-me deletes them", async () => {
    const next = w.app.puzzles.next({ userId: ALICE, guildId: GUILD, ruleset: "abapa" });
    solve(ALICE, next.attempt.id, next.puzzle.solution);
    const stats = await COMMANDS["nickar-puzzle stats"].handle(w.ctx(ALICE), options());
    expect(stats.reply.content).toMatch(/Abapa: rating \d+\? · \d solved of 1/);
    const image = await stats.reply.image!();
    expect(image?.data.toString()).toBe("chart");
    // The chart counts puzzles (the start and one try), names the player rather than mentioning them, and
    // its deviation is the one stored with the try, the standing's: provisional, as the "?" says.
    const standing = w.app.puzzles.standing(ALICE, "abapa");
    expect(w.db().select().from(puzzleAttempts).get()?.deviationAfter).toBeCloseTo(standing.deviation);
    expect(image?.description).toContain("2 puzzles");
    expect(image?.description).toContain(`deviation now ${Math.round(standing.deviation)}`);
    expect(image?.description).not.toContain("<@");
    w.app.forget.forget(ALICE);
    expect(w.db().select().from(puzzleRatings).all()).toEqual([]);
    expect(w.db().select().from(puzzleAttempts).all()).toEqual([]);
  });
});
