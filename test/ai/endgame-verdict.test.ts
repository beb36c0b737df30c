/**
 * What the endgame table says of a position itself (src/ai/endgame-verdict.ts): the result with best
 * play, and the score where a line of best play ends, as the analysis and hints show them.
 */
import { afterAll, describe, expect, it } from "vitest";
import { boardIndex, buildTable, type EndgameTable, installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { endgameVerdict } from "../../src/ai/endgame-verdict.ts";
import { think } from "../../src/ai/think.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { RULESET_IDS, type RulesetId } from "../../src/engine/types.ts";

/** South: E and F one seed each; North: a and f one each; 22-22, South to move. */
const NEAR_END = { pits: [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1], stores: [22, 22], toMove: 0 } as const;

const tables = new Map<RulesetId, EndgameTable>();
function tableOf(ruleset: RulesetId): EndgameTable {
  let table = tables.get(ruleset);
  if (!table) {
    table = buildTable(ruleset, 8);
    tables.set(ruleset, table);
  }
  return table;
}
afterAll(() => uninstallTable());

/** A random position of 2 to 8 seeds in play (the rest split between the stores, neither at 25), not over. */
function randomPosition(ruleset: RulesetId, rand: () => number): CoreGame | null {
  const pits = Array<number>(12).fill(0);
  const n = 2 + Math.floor(rand() * 7);
  for (let i = 0; i < n; i++) pits[Math.floor(rand() * 12)]++;
  const south = 48 - n - 24 + Math.floor(rand() * (48 - n - 2 * (48 - n - 24) + 1));
  const stores: [number, number] = [south, 48 - n - south];
  if (stores.some((s) => s > 24 || s < 0)) return null;
  const game = CoreGame.fromPosition(ruleset, { pits, stores, toMove: rand() < 0.5 ? 0 : 1 });
  return game.over ? null : game;
}

describe("endgame verdict", () => {
  it("endgame verdict - the winner and the score with best play - two captures from the end", () => {
    const game = CoreGame.fromPosition("abapa", NEAR_END);
    // F takes a's seeds (24-22); North's f then sows into South's row and has no move left to feed:
    // South takes the rest. 26-22.
    expect(endgameVerdict(game, tableOf("abapa"))).toEqual({ winner: 0, stores: [26, 22] });
  });

  it("endgame verdict - none after a move without capture - the history could recur", () => {
    const game = CoreGame.fromPosition("abapa", {
      pits: [0, 0, 0, 2, 0, 1, 0, 0, 1, 0, 1, 0],
      stores: [21, 22],
      toMove: 0,
    });
    expect(endgameVerdict(game, tableOf("abapa"))).not.toBeNull();
    game.play(4); // D sows into E and F: no capture.
    expect(game.facts.captured).toBe(false);
    expect(endgameVerdict(game, tableOf("abapa"))).toBeNull();
  });

  it("endgame verdict - a line for every exact decided position, ending as the table says - 300 positions a ruleset", () => {
    for (const ruleset of RULESET_IDS) {
      const table = tableOf(ruleset);
      const rand = seededRandom(RULESET_IDS.indexOf(ruleset) + 11);
      let exact = 0;
      for (let tried = 0; tried < 300; ) {
        const game = randomPosition(ruleset, rand);
        if (!game) continue;
        tried++;
        const verdict = endgameVerdict(game, table);
        const seeds = game.seedsOnSide(0) + game.seedsOnSide(1);
        const i = boardIndex(game.pits, game.toMove, seeds);
        if (!verdict || table.lo[i] !== table.hi[i]) continue;
        exact++;
        expect(verdict.stores, `${ruleset} ${game.pits.join(",")}`).toBeDefined();
        const [south, north] = verdict.stores!;
        const me = game.toMove;
        const margin = (me === 0 ? south - north : north - south) - (game.stores[me] - game.stores[1 - me]);
        // Where no store reached 25 the line played the whole game out: the table's value exactly.
        if (south < 25 && north < 25 && ruleset !== "bridgetown" && ruleset !== "speightstown")
          expect(margin).toBe(table.lo[i]);
        expect(verdict.winner).toBe(south > north ? 0 : north > south ? 1 : verdict.winner);
      }
      expect(exact, ruleset).toBeGreaterThan(20);
    }
  });

  it("endgame verdict - given by the expert's answer when asked, not by the others' - the table installed", () => {
    installTable(tableOf("abapa"));
    const request = { ruleset: "abapa", start: NEAR_END, moves: [], ms: 50, seed: 1, verdict: true } as const;
    expect(think({ ...request, level: "expert" }).endgame).toEqual({ winner: 0, stores: [26, 22] });
    expect(think({ ...request, level: "hard" }).endgame).toBeUndefined();
    // Nickar's own moves do not ask for it.
    expect(think({ ...request, level: "expert", verdict: false }).endgame).toBeUndefined();
  });
});
