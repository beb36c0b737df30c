/**
 * An open table leaf scored by the own-side award (SearchConfig.tableAward): where the endgame table's
 * bounds leave a position's result open, the leaf is worth the seeds each side would take if the game
 * stalled there (stores plus own side), held within the bounds. Checked on random small endgames
 * against the table's bounds and an award counted by hand, at depth 1 where every child is a leaf.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardIndex, buildTable, type EndgameTable, installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { SCALE } from "../../src/ai/evaluate.ts";
import { Searcher, WIN } from "../../src/ai/search.ts";
import { think } from "../../src/ai/think.ts";
import { CoreGame } from "../../src/engine/core.ts";
import type { Player, Position, RulesetId } from "../../src/engine/types.ts";
import { provingConfig } from "../support/search-config.ts";

const SEEDS = 8;
const tables = new Map<RulesetId, EndgameTable>();
beforeAll(() => {
  for (const ruleset of ["abapa", "wari", "speightstown"] as const) tables.set(ruleset, buildTable(ruleset, SEEDS));
});
afterAll(() => uninstallTable());

/** A position of `places.length` seeds on the board (one seed per entry, in that pit), the stores near even. */
function endgame(places: readonly number[], toMove: number): Position {
  const pits = new Array<number>(12).fill(0);
  for (const place of places) pits[place]++;
  return {
    pits,
    stores: [24 - Math.ceil(places.length / 2), 24 - Math.floor(places.length / 2)],
    toMove: toMove as Player,
  };
}

/** Each root move's score at depth 1, every child a table leaf. */
function rootScores(ruleset: RulesetId, position: Position, tableAward: boolean): readonly number[] {
  installTable(tables.get(ruleset)!);
  const config = provingConfig(ruleset, { maxDepth: 1, tableBits: 0, rootScores: true, tableAward });
  const outcome = new Searcher(CoreGame.fromPosition(ruleset, position), config).run({
    deadline: Infinity,
    now: () => 0,
    nodeLimit: Infinity,
  });
  return outcome.rootMoveScores;
}

const arbitraryEndgame = fc.tuple(
  fc.array(fc.nat(11), { minLength: 2, maxLength: SEEDS }),
  fc.integer({ min: 0, max: 1 }),
);

/** A few seeds more than the table holds: the search meets the table after captures. */
const largerEndgame = fc.tuple(
  fc.array(fc.nat(11), { minLength: SEEDS + 1, maxLength: SEEDS + 4 }),
  fc.integer({ min: 0, max: 1 }),
);

describe("table award", () => {
  it("Searcher - an open table leaf is the own-side award held within the bounds - random abapa and wari endgames", () => {
    let open = 0;
    let moved = 0;
    fc.assert(
      fc.property(fc.constantFrom<RulesetId>("abapa", "wari"), arbitraryEndgame, (ruleset, [places, toMove]) => {
        const position = endgame(places, toMove);
        const root = CoreGame.fromPosition(ruleset, position);
        if (root.legalMask() === 0) return;
        const scores = rootScores(ruleset, position, true);
        const table = tables.get(ruleset)!;
        for (const h of root.legalHouses()) {
          const child = root.clone();
          child.play(h);
          if (child.over) continue;
          const me = child.toMove;
          const onBoard = child.pits.reduce((a, b) => a + b, 0);
          const i = boardIndex(child.pits, me, onBoard);
          const difference = child.stores[me] - child.stores[1 - me];
          const low = difference + table.lo[i];
          const high = difference + table.hi[i];
          const afterCapture = onBoard < places.length;
          if (afterCapture && (low > 0 || high < 0 || (low === 0 && high === 0))) continue; // decided: a proof
          open++;
          let own = 0;
          for (let p = 0; p < 6; p++) own += child.pits[me * 6 + p] - child.pits[(1 - me) * 6 + p];
          const award = Math.min(Math.max(difference + own, low), high);
          if (award !== (low + high) / 2) moved++;
          const expected = award * SCALE * (child.toMove === root.toMove ? 1 : -1);
          expect(scores[h - 1], `${ruleset} house ${h}`).toBe(expected);
          expect(Math.abs(expected)).toBeLessThan(WIN / 2);
        }
      }),
      { numRuns: 300, seed: 36 },
    );
    expect(open).toBeGreaterThan(200);
    expect(moved).toBeGreaterThan(50);
  });

  it("Searcher - the option changes nothing where a cycle is not the own-side award - speightstown endgames", () => {
    fc.assert(
      fc.property(arbitraryEndgame, ([places, toMove]) => {
        const position = endgame(places, toMove);
        if (CoreGame.fromPosition("speightstown", position).legalMask() === 0) return;
        expect(rootScores("speightstown", position, true)).toEqual(rootScores("speightstown", position, false));
      }),
      { numRuns: 100, seed: 36 },
    );
  });

  it("think - the expert scores open leaves by the award in abapa only - seeded requests on endgames of 9 to 12 seeds", () => {
    let differing = 0;
    fc.assert(
      fc.property(fc.constantFrom<RulesetId>("abapa", "wari"), largerEndgame, (ruleset, [places, toMove]) => {
        const start = endgame(places, toMove);
        if (CoreGame.fromPosition(ruleset, start).legalMask() === 0) return;
        installTable(tables.get(ruleset)!);
        const request = { ruleset, start, moves: [], level: "expert", ms: 3, seed: 1 } as const;
        const shipped = think(request);
        const award = think(request, undefined, undefined, { tableLeaf: "award" });
        const middle = think(request, undefined, undefined, { tableLeaf: "middle" });
        const expected = ruleset === "abapa" ? award : middle;
        expect([shipped.best, shipped.score, shipped.nodes]).toEqual([expected.best, expected.score, expected.nodes]);
        if (award.score !== middle.score) differing++;
      }),
      { numRuns: 60, seed: 36 },
    );
    expect(differing).toBeGreaterThan(5);
  });
});
