/**
 * The endgame tables (src/ai/endgame.ts) against an exhaustive search under the full rules: the
 * expert's search without a time limit, from a position reached by a capture (no repetition history
 * before it), searching every line to the end of the game with the game's own cycle rule. The search
 * may use the table only for positions of fewer seeds, which the previous layer of the same test
 * checked: the check goes up layer by layer, so the table never vouches for itself.
 *
 * Documented convention (docs/ai.md): from such a position the table's bounds [lo, hi] hold for the
 * gain difference of the player to move, so with a store difference d the result is a win when
 * d + lo > 0, a loss when d + hi < 0, at least a draw when d + lo >= 0, at most a draw when d + hi <= 0.
 * Each position is checked at the store splits where these verdicts change.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boardIndex,
  buildTable,
  type EndgameTable,
  installTable,
  layerOffset,
  layerSize,
  uninstallTable,
} from "../../src/ai/endgame.ts";
import { Searcher, WIN } from "../../src/ai/search.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { RULESET_IDS, type RulesetId } from "../../src/engine/types.ts";
import { provingConfig } from "../support/search-config.ts";

/** Win 1, draw 0, loss -1 for the player to move, by the exhaustive search; null if it did not finish. */
function exhaustive(ruleset: RulesetId, pits: number[], d: number, nodeLimit: number): number | null {
  const n = pits.reduce((a, b) => a + b, 0);
  const south = (48 - n + d) / 2;
  const game = CoreGame.fromPosition(ruleset, { pits, stores: [south, 48 - n - south], toMove: 0 });
  if (game.over) return game.winner === null ? 0 : game.winner === 0 ? 1 : -1;
  const searcher = new Searcher(game, provingConfig(ruleset));
  const outcome = searcher.run({ deadline: Number.POSITIVE_INFINITY, now: () => 0, nodeLimit });
  if (!outcome.exact) return null;
  return outcome.score > WIN / 2 ? 1 : outcome.score < -WIN / 2 ? -1 : 0;
}

/** Every board of n seeds, South to move. */
function* boards(n: number): Generator<Uint8Array> {
  const pits = new Uint8Array(12);
  function* place(pit: number, left: number): Generator<Uint8Array> {
    if (pit === 11) {
      pits[11] = left;
      yield pits;
      return;
    }
    for (let k = 0; k <= left; k++) {
      pits[pit] = k;
      yield* place(pit + 1, left - k);
    }
  }
  yield* place(0, n);
}

/**
 * The table's decisive claims about a board: the least store difference at which it says the player to
 * move wins, the greatest at which it says they lose (the verdicts the search takes as proofs).
 */
function claims(n: number, lo: number, hi: number): { d: number; result: number }[] {
  const valid = (d: number) => d >= -n && d <= n && (d - n) % 2 === 0;
  const list: { d: number; result: number }[] = [];
  const win = [-lo + 1, -lo + 2].find(valid);
  if (win !== undefined) list.push({ d: win, result: 1 });
  const loss = [-hi - 1, -hi - 2].find(valid);
  if (loss !== undefined) list.push({ d: loss, result: -1 });
  return list;
}

/** A board's claims checked by the exhaustive search, with the table's layers below n seeds installed. */
function check(table: EndgameTable, pits: number[], nodeLimit: number): { wrong: string[]; unfinished: number } {
  const n = pits.reduce((a, b) => a + b, 0);
  const i = boardIndex(Uint8Array.from(pits), 0, n);
  const wrong: string[] = [];
  let unfinished = 0;
  installTable({ ...table, seeds: n - 1 });
  try {
    for (const { d, result } of claims(n, table.lo[i], table.hi[i])) {
      const found = exhaustive(table.ruleset, pits, d, nodeLimit);
      if (found === null) unfinished++;
      else if (found !== result) wrong.push(`${pits} d=${d}: table [${table.lo[i]}, ${table.hi[i]}], search ${found}`);
    }
  } finally {
    uninstallTable();
  }
  return { wrong, unfinished };
}

/** The bounds of one move of `game` (South to move, no history) from the table, as the build defines them. */
function moveBounds(table: EndgameTable, board: Uint8Array, house: number): [number, number] {
  const game = CoreGame.fromPosition(table.ruleset, { pits: Array.from(board), stores: [0, 0], toMove: 0 });
  game.play(house);
  const gain = game.stores[0] - game.stores[1];
  if (game.over) return [gain, gain];
  const left = board.reduce((a, b) => a + b, 0) - game.stores[0] - game.stores[1];
  const j = boardIndex(game.pits, game.toMove, left);
  return game.toMove === 0 ? [gain + table.lo[j], gain + table.hi[j]] : [gain - table.hi[j], gain - table.lo[j]];
}

const arbitraryBoard = (most: number) =>
  fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: most }).map((seeds) => {
    const pits = Array<number>(12).fill(0);
    for (const pit of seeds) pits[pit]++;
    return pits;
  });

describe("endgame tables", () => {
  for (const ruleset of RULESET_IDS) {
    const table = buildTable(ruleset, 8);

    it(`${ruleset} table - every board of at most 6 seeds is the minimax of its moves - whole layers`, () => {
      const wrong: string[] = [];
      for (let n = 0; n <= 6; n++) {
        for (const board of boards(n)) {
          const i = boardIndex(board, 0, n);
          const game = CoreGame.fromPosition(ruleset, { pits: Array.from(board), stores: [0, 0], toMove: 0 });
          let lo = game.stores[0] - game.stores[1];
          let hi = lo;
          if (!game.over) {
            lo = hi = -n;
            for (const house of game.legalHouses()) {
              const [a, b] = moveBounds(table, board, house);
              lo = Math.max(lo, a);
              hi = Math.max(hi, b);
            }
          }
          if (table.lo[i] !== lo || table.hi[i] !== hi || lo > hi)
            wrong.push(`${board}: [${table.lo[i]}, ${table.hi[i]}]`);
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    });

    it(`${ruleset} table - its wins and losses hold under the full repetition rule - boards of at most 6 and 8 seeds`, () => {
      const wrong: string[] = [];
      let checked = 0;
      let unfinished = 0;
      fc.assert(
        fc.property(arbitraryBoard(6), (pits) => {
          const r = check(table, pits, 20_000);
          wrong.push(...r.wrong);
          unfinished += r.unfinished;
          checked++;
        }),
        { numRuns: 12, seed: 25 },
      );
      fc.assert(
        fc.property(
          arbitraryBoard(8).filter((p) => p.reduce((a, b) => a + b, 0) >= 7),
          (pits) => {
            const r = check(table, pits, 20_000);
            wrong.push(...r.wrong);
            unfinished += r.unfinished;
            checked++;
          },
        ),
        { numRuns: 6, seed: 25 },
      );
      expect(wrong).toEqual([]);
      // Most claims are settled within the budget (a win by force is found within the search's horizon).
      expect(unfinished).toBeLessThan(checked);
    });
  }

  it("table layers - ranks every board of a layer once - 5 seeds", () => {
    const seen = new Uint8Array(layerSize(5));
    for (const board of boards(5)) seen[boardIndex(board, 0, 5) - layerOffset(5)]++;
    expect(seen.every((x) => x === 1)).toBe(true);
  });
});
