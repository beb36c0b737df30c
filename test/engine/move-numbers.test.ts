/**
 * Move numbers (src/engine/move-numbers.ts) against the exported record (pgn.ts), the numbering players
 * read and copy: every move's label has the record's number and side, and reads back to its own ply,
 * over random games in every ruleset, North-first games and Caribbean extra moves included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  exportRecord,
  fromPosition,
  type GameState,
  newGame,
  type Player,
  type Position,
  play,
  RULESET_IDS,
  type RulesetId,
} from "../../src/engine/index.ts";
import { moveLabel, moveNumbers, nextMoveNumber, parseMoveLabel, singleMoveLabel } from "../../src/engine/internal.ts";
import { moves, positionArb, start } from "./helpers.ts";

/** A Caribbean grand slam for the player to move (house 6), then an extra move: South's, and North's mirror. */
const SLAM_SOUTH: Position = { pits: [0, 0, 0, 3, 0, 2, 1, 2, 0, 0, 0, 0], stores: [18, 22], toMove: 0 };
const SLAM_NORTH: Position = { pits: [1, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2], stores: [22, 18], toMove: 1 };

/** 48 seeds over 12 pits and 2 stores, either side to move; Oware-family stores below 25. */
const gameArb = fc.oneof(
  fc.record({ ruleset: fc.constantFrom(...RULESET_IDS), start: fc.constant(undefined) }),
  fc
    .constantFrom(...RULESET_IDS)
    .chain((ruleset) => fc.record({ ruleset: fc.constant(ruleset), start: positionArb(ruleset) })),
  fc.record({ ruleset: fc.constant("caribbean" as RulesetId), start: fc.constantFrom(SLAM_SOUTH, SLAM_NORTH) }),
);

/** A game played from `from` by cycling through `choices`, at most 200 moves. */
function playOut(ruleset: RulesetId, from: Position | undefined, choices: readonly number[]): GameState {
  const created = from ? fromPosition(ruleset, from) : { ok: true as const, value: newGame(ruleset) };
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  for (let i = 0; i < 200 && !state.outcome.over; i++) {
    const played = play(state, state.legalMoves[choices[i % choices.length] % state.legalMoves.length]);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
  }
  return state;
}

/** The exported record's moves read back: for each move, the number written before it and its letter. */
function recordMoves(state: GameState): { number: number; letter: string }[] {
  const text = exportRecord(state, { south: "s", north: "n", date: new Date(0) });
  const body = text.split("\n\n")[1];
  const read: { number: number; letter: string }[] = [];
  let number = 0;
  for (const token of body.split(/\s+/)) {
    const numbered = /^(\d+)\.$/.exec(token);
    if (numbered) number = Number(numbered[1]);
    else if (/^[A-Fa-f]$/.test(token)) read.push({ number, letter: token });
  }
  return read;
}

describe("move numbers - the record's numbering", () => {
  it("moveLabel - reads back to its ply and has the exported record's number and side - random games, every ruleset", () => {
    let northFirst = 0;
    let extraMoves = 0;
    fc.assert(
      fc.property(gameArb, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), ({ ruleset, start: from }, choices) => {
        const state = playOut(ruleset, from, choices);
        const record = recordMoves(state);
        expect(record).toHaveLength(state.history.length);
        if (state.movers[0] === 1) northFirst++;
        for (let ply = 0; ply <= state.history.length; ply++) {
          const label = moveLabel(state, ply);
          expect(parseMoveLabel(label, state), label).toEqual({ ok: true, ply });
          if (ply === 0) continue;
          const { number, letter } = record[ply - 1];
          const side: Player = letter === letter.toUpperCase() ? 0 : 1;
          // "23. E" for South, "23… e" for North: the record's number, the side of the record's letter.
          const [head, ...letters] = label.split(" ");
          expect(head, label).toBe(`${number}${side === 0 ? "." : "…"}`);
          expect(letters.at(-1)).toBe(letter);
          if (letters.length > 1) extraMoves++;
          // An extra move's label repeats its side's moves under that number, as the record lists them.
          const before = record.slice(0, ply - 1).filter((m) => m.number === number);
          expect(letters.slice(0, -1)).toEqual(
            before.map((m) => m.letter).filter((l) => (l === l.toUpperCase()) === (side === 0)),
          );
        }
      }),
      { numRuns: 300, seed: 21 },
    );
    // The cases this test is about did occur.
    expect(northFirst).toBeGreaterThan(0);
    expect(extraMoves).toBeGreaterThan(0);
  });

  it("moveLabel - an extra move keeps its number - Caribbean grand slams by South and by North", () => {
    // South slams with F (1. F), moves again with D (1. F D), then North answers: "1. F D e".
    const south = moves(start("caribbean", [...SLAM_SOUTH.pits], [18, 22]), [6, 4]);
    expect(exportRecord(south, { south: "s", north: "n", date: new Date(0) })).toContain("\n\n1. F D\n");
    expect([1, 2].map((ply) => moveLabel(south, ply))).toEqual(["1. F", "1. F D"]);
    // North begins, slams with f and moves again: "1. f d", labelled "1… f" and "1… f d".
    const north = moves(start("caribbean", [...SLAM_NORTH.pits], [22, 18], 1), [6, 4]);
    expect(exportRecord(north, { south: "s", north: "n", date: new Date(0) })).toContain("\n\n1. f d\n");
    expect([1, 2].map((ply) => moveLabel(north, ply))).toEqual(["1… f", "1… f d"]);
    expect(parseMoveLabel("1… f d", north)).toEqual({ ok: true, ply: 2 });
    expect(parseMoveLabel("1", north)).toEqual({ ok: true, ply: 1 });
  });

  it("singleMoveLabel - the move alone, under its number - a Caribbean extra move (what a hint or an animation names)", () => {
    const south = moves(start("caribbean", [...SLAM_SOUTH.pits], [18, 22]), [6, 4]);
    expect([1, 2].map((ply) => singleMoveLabel(south, ply))).toEqual(["1. F", "1. D"]);
    const north = moves(start("caribbean", [...SLAM_NORTH.pits], [22, 18], 1), [6, 4]);
    expect([1, 2].map((ply) => singleMoveLabel(north, ply))).toEqual(["1… f", "1… d"]);
  });

  it("moveNumbers - South's move after North's starts a number - an ordinary game and a North-first one", () => {
    expect(moveNumbers([0, 1, 0, 1, 0])).toEqual([
      { number: 1, side: 0, extra: 0 },
      { number: 1, side: 1, extra: 0 },
      { number: 2, side: 0, extra: 0 },
      { number: 2, side: 1, extra: 0 },
      { number: 3, side: 0, extra: 0 },
    ]);
    expect(moveNumbers([1, 0, 1]).map((m) => m.number)).toEqual([1, 2, 2]);
    expect(nextMoveNumber([0, 1, 0], 1)).toEqual({ number: 2, side: 1, extra: 0 });
    expect(nextMoveNumber([0, 1], 0)).toEqual({ number: 2, side: 0, extra: 0 });
  });

  it("parseMoveLabel - what players type, in the record's numbering - 23, 23., 23…, 23..., letters", () => {
    const game = moves(newGame("abapa"), [3, 5, 1, 2, 4]); // 1. C e 2. A b 3. D
    const ply = (text: string) => parseMoveLabel(text, game);
    expect(ply("0")).toEqual({ ok: true, ply: 0 });
    expect(ply("1")).toEqual({ ok: true, ply: 1 });
    expect(ply("2.")).toEqual({ ok: true, ply: 3 });
    expect(ply(" 2 ")).toEqual({ ok: true, ply: 3 });
    for (const north of ["2…", "2...", "2..", "2 …", "2… b", "2…B", "2. A b", "2 a b"]) {
      expect(ply(north), north).toEqual({ ok: true, ply: 4 });
    }
    expect(ply("3. D")).toEqual({ ok: true, ply: 5 });
    // Moves the record does not have: past its end, North's answer not yet played, another letter.
    for (const missing of ["4", "3…", "2. B", "2… c", "1. C e A"]) {
      expect(ply(missing), missing).toEqual({ ok: false, error: "not-in-record" });
    }
    for (const invalid of ["", "x", "-1", "2.5", "0.", "0 C", "2 g", "2,"]) {
      expect(ply(invalid), invalid).toEqual({ ok: false, error: "invalid" });
    }
  });
});
