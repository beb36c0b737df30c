// One move numbering everywhere (#21): the record's ("23. E", "23… e") in the viewer and its `move:`
// option, the hint, /nickar games and the analysis, checked against the record of the same game.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { AnalysisRow, GameRow } from "../../src/db/schema.ts";
import { exportRecord, formatPosition, type GameState, newGame, replay } from "../../src/engine/index.ts";
import { moveLabel, parseMoveLabel } from "../../src/engine/internal.ts";
import { type AnalysisReport, buildReport, type PositionEval } from "../../src/games/analysis-report.ts";
import { analysisReply, viewerAnalysisLines } from "../../src/games/views/analysis.ts";
import { numberedRecord } from "../../src/games/views/game-viewer.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { MESSAGE_LIMIT } from "../../src/interactions/text-budget.ts";
import { voiceOf } from "../../src/interactions/views/parts.ts";
import { ALICE, BOB, CAROL, fakeImages, options, setup, sharedPool, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

const pool = sharedPool();
const en = voiceOf("en");

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, { computer: { pool: pool(), hintMs: 20, analysisMs: 20, seed: 5 } });
});
afterEach(() => w.close());

/** Plays `houses` in turn in game `id` through the move buttons. */
async function playMoves(id: string, houses: readonly number[]): Promise<void> {
  for (const house of houses) {
    const { row, state } = w.app.games.get(id)!;
    const mover = state.position.toMove === 0 ? row.southId : row.northId;
    await handleButton(w.ctx(mover), { type: "game", gameId: id, ply: row.ply, action: { kind: "move", house } });
  }
}

const viewer = async (id: string, move?: string) =>
  (await COMMANDS.game.handle(w.ctx(CAROL), options({ id, ...(move !== undefined && { move }) }))).reply.content;

/** The position line the viewer shows for the game after `ply` of `houses`. */
function positionAfter(houses: readonly number[], ply: number): string {
  const state = replay(newGame("abapa"), houses.slice(0, ply));
  if (!state.ok) throw new Error("illegal test moves");
  return `Position: \`${formatPosition(state.value.position)}\``;
}

describe("move numbering - the viewer", () => {
  // 1. C e  2. A b  3. D f  4. B
  const HOUSES = [3, 5, 1, 2, 4, 6, 2];

  it("game viewer - move: typed from the record shows the position after that record move - a seven-move game", async () => {
    const id = await startGame(w, ALICE, BOB);
    await playMoves(id, HOUSES);
    const shown = await viewer(id);
    expect(shown).toContain("Record: `1. C e  2. A b  3. D f  4. B`");
    // What the record says, typed back: "2" is after "2. A", "2…" after North's "2… b".
    const cases: [string, number, string][] = [
      ["0", 0, "Start (last move 4. B)"],
      ["1", 1, "After 1. C (last move 4. B)"],
      ["1…", 2, "After 1… e (last move 4. B)"],
      ["2", 3, "After 2. A (last move 4. B)"],
      ["2.", 3, "After 2. A (last move 4. B)"],
      ["2...", 4, "After 2… b (last move 4. B)"],
      ["3. D f", 6, "After 3… f (last move 4. B)"],
      ["4", 7, "After 4. B, the last move"],
    ];
    for (const [typed, ply, line] of cases) {
      const text = await viewer(id, typed);
      expect(text, typed).toContain(line);
      expect(text, typed).toContain(positionAfter(HOUSES, ply));
    }
    // A move the record does not have is refused, with the record's last move.
    await expect(async () => viewer(id, "4…")).rejects.toMatchObject({
      code: "game/no-such-move",
      values: { last: "4. B" },
    });
    await expect(async () => viewer(id, "move 2")).rejects.toMatchObject({ code: "game/no-such-move" });
  });

  it("game viewer - its record is numbered as the export - the same game", async () => {
    const id = await startGame(w, ALICE, BOB);
    await playMoves(id, HOUSES);
    const { state } = w.app.games.get(id)!;
    const exported = exportRecord(state, { south: "a", north: "b", date: new Date(0) }).split("\n\n")[1];
    expect(numberedRecord(state).replace(/\s+/g, " ")).toBe(exported.replace(/\s+\*?\s*$/, "").replace(/\s+/g, " "));
  });
});

describe("move numbering - hints and /nickar games", () => {
  it("hint - names the move as the record then writes it - North's second move of an unrated game", async () => {
    const id = await startGame(w, ALICE, BOB, { rated: false });
    await playMoves(id, [3, 5, 1]); // 1. C e 2. A: North is to play 2…
    const listed = (await COMMANDS.games.handle(w.ctx(BOB), options())).reply.content;
    expect(listed).toContain("· move 2 (North) · **your move**");
    const { row } = w.app.games.get(id)!;
    const res = await handleButton(w.ctx(BOB), { type: "game", gameId: id, ply: row.ply, action: { kind: "hint" } });
    const answer = (await res.deferred!()).content;
    const hinted = /^Hint: play \*\*(2… ([a-f]))\*\*: /.exec(answer);
    expect(hinted, answer).not.toBeNull();
    await playMoves(id, [hinted![2].charCodeAt(0) - 96]);
    // The record writes the hinted move with the hint's number, and the viewer's move: reads it back.
    const { state } = w.app.games.get(id)!;
    expect(numberedRecord(state)).toBe(`1. C e  2. A ${hinted![2]}`);
    expect(moveLabel(state, 4)).toBe(hinted![1]);
    expect(await viewer(id, "2…")).toContain(`After ${hinted![1]}, the last move`);
  });
});

/** A game's state as the report needs it (still going on): South and North alternate. */
function finalState(houses: readonly number[]): GameState {
  const movers = houses.map((_, i) => (i % 2) as 0 | 1);
  return {
    history: houses,
    movers,
    outcome: { over: false },
    position: { toMove: houses.length % 2 },
  } as unknown as GameState;
}

/**
 * The engine's view of the position after k moves: the side to move is worth `values[k]` (one value more
 * than moves), and it prefers another house than the one played, so move k loses `values[k] + values[k + 1]`.
 */
function report(houses: readonly number[], values: readonly number[]): AnalysisReport {
  const positions: PositionEval[] = values.map((score, k) => ({ score, best: ((houses[k] ?? 0) % 6) + 1, depth: 8 }));
  return buildReport(finalState(houses), positions);
}

const row = { id: "k7m2xq9d", ruleset: "abapa", southId: ALICE, northId: BOB } as GameRow;
const analysisRow = { budgetMs: 2000 } as AnalysisRow;

describe("move numbering - the analysis", () => {
  it("analysis - marks, the viewer's line and the record name a move alike - North's 2… b", async () => {
    // 1. C e 2. A b 3. D: only North's b (ply 4) gives much away.
    const houses = [3, 5, 1, 2, 4];
    const analysed = report(houses, [0, 0, 0, 0, 8, -7]);
    const blunder = analysed.plies.filter((p) => p.mark);
    expect(blunder.map((p) => [p.ply, p.mark])).toEqual([[4, "blunder"]]);
    const state = replay(newGame("abapa"), houses);
    expect(state.ok && numberedRecord(state.value)).toBe("1. C e  2. A b  3. D");
    const content = analysisReply({ images: fakeImages }, row, analysisRow, analysed, en).content!;
    expect(content).toContain("Marked moves:\n- 2… b?? blunder (−8.0, best c)\n");
    expect(viewerAnalysisLines(analysed, 4, en.t)).toContain("2… b was a blunder: lost 8.0; best c.");
  });

  it("analysis - one line per marked move - four marks", () => {
    const houses = [3, 5, 1, 2, 4, 6, 2, 1];
    // Losses 2, 0, 0, 4, 0, 6, 8, 0.
    const analysed = report(houses, [1, 1, -1, 1, 3, -3, 9, -1, 1]);
    const content = analysisReply({ images: fakeImages }, row, analysisRow, analysed, en).content!;
    const lines = content.split("\n");
    const marked = lines.slice(lines.indexOf("Marked moves:") + 1).filter((l) => l.startsWith("- "));
    expect(marked).toEqual([
      "- 1. C?! inaccuracy (−2.0, best D)",
      "- 2… b? mistake (−4.0, best c)",
      "- 3… f?? blunder (−6.0, best a)",
      "- 4. B?? blunder (−8.0, best C)",
    ]);
  });

  it("analysis - many marks: the worst shown, the rest named with the viewer's command, under 2,000 - 160 marked moves", () => {
    const houses = Array.from({ length: 160 }, (_, i) => (i % 6) + 1);
    // Losses from 1.6 to about 8: every move is marked.
    const values = [...houses, 0].map((_, k) => 0.8 + ((k * 7) % 13) * 0.25);
    const analysed = report(houses, values);
    const marked = analysed.plies.filter((p) => p.mark);
    expect(marked).toHaveLength(160);
    const content = analysisReply({ images: fakeImages }, row, analysisRow, analysed, en).content!;
    expect(content.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    const lines = content.split("\n");
    const shown = lines.filter((l) => l.startsWith("- "));
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(160);
    // The shown ones are the worst: none left out lost more than the least shown.
    const shownLabels = shown.map((l) => /^- (\S+ [A-Fa-f])/.exec(l)![1]);
    const isShown = (ply: number) => shownLabels.includes(moveLabel(finalState(houses), ply));
    const least = Math.min(...marked.filter((p) => isShown(p.ply)).map((p) => p.loss));
    const left = marked.filter((p) => !isShown(p.ply));
    expect(left).toHaveLength(160 - shown.length);
    expect(Math.max(...left.map((p) => p.loss))).toBeLessThanOrEqual(least);
    // In game order, and the last line says how many more and opens the viewer at the first of them.
    const plies = shownLabels.map((label) => parseMoveLabel(label, finalState(houses)));
    expect(plies.every((p) => p.ok)).toBe(true);
    const order = plies.map((p) => (p.ok ? p.ply : 0));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const more = new RegExp(
      `^…and ${left.length} more: see them in the viewer, from \`/nickar game id:${row.id} move:([^\`]+)\`\\.$`,
    ).exec(lines[lines.indexOf(shown.at(-1)!) + 1]);
    expect(more, content).not.toBeNull();
    expect(parseMoveLabel(more![1], finalState(houses))).toEqual({ ok: true, ply: left[0].ply });
  });
});
