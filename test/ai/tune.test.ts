/** The evaluation's fit (npm run tune): reproducible from its seed, and a fit that finds what made the labels. */
import { describe, expect, it } from "vitest";
import { bestCapture, type FittedTerms, SCALE } from "../../src/ai/evaluate.ts";
import { CAP, DEFAULT_FIT, fitParameters, fitTerms, ROW_CAP, STORE_CAP } from "../../src/ai/texel.ts";
import { type LabelledPosition, selfPlayPositions } from "../../src/ai/tune-positions.ts";
import { seededRandom } from "../../src/engine/random.ts";

const SMALL = { games: 4, openingPlies: 4, nodes: 300, tableSeeds: 10 } as const;

describe("ai tuning", () => {
  it("ai tuning - the same seed gives the same positions and terms - a small abapa run", () => {
    const once = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    const again = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    expect(again).toEqual(once);
    expect(once.length).toBeGreaterThan(20);
    expect(fitTerms(fitParameters(again))).toEqual(fitTerms(fitParameters(once)));
  });

  it("ai tuning - another seed gives other games - a small abapa run", () => {
    const one = selfPlayPositions("abapa", { ...SMALL, seed: 5 });
    const other = selfPlayPositions("abapa", { ...SMALL, seed: 6 });
    expect(other).not.toEqual(one);
  });

  it("ai tuning - positions are from the player to move's side, none the tables decide - a small haiti run", () => {
    const positions = selfPlayPositions("haiti", { ...SMALL, seed: 2 });
    for (const p of positions) {
      const board = [...p.own, ...p.opponent].reduce((a, b) => a + b, 0);
      expect(board).toBeGreaterThan(SMALL.tableSeeds);
      expect([0, 0.5, 1]).toContain(p.result);
    }
    // Both players' positions of one game: their results add up to 1 (a win for one is a loss for the other).
    const results = [...new Set(positions.filter((p) => p.game === 0).map((p) => p.result))].sort();
    expect([[0.5], [0, 1]]).toContainEqual(results);
  });

  it("ai tuning - the fit finds the terms that made the labels - synthetic positions", () => {
    // Labels drawn from a known model: a stored seed worth 0.2 in the logit, one's own house holding
    // 1 or 2 seeds worth -2 seeds, a house of 12 or more +3 seeds; the fit must find these (in search units).
    const rand = seededRandom(9);
    const truth = (c: number) => (c === 1 || c === 2 ? -2 : c >= 12 ? 3 : 0);
    const positions: LabelledPosition[] = [];
    for (let i = 0; i < 20000; i++) {
      const own = Array.from({ length: 6 }, () => Math.floor(rand() * 16));
      const opponent = Array.from({ length: 6 }, () => Math.floor(rand() * 16));
      const storeDifference = Math.floor(rand() * 21) - 10;
      const seeds = storeDifference + own.reduce((s, c, h) => s + truth(c) - truth(opponent[h]), 0);
      const result = rand() < 1 / (1 + Math.exp(-0.2 * seeds)) ? 1 : 0;
      positions.push({ own, opponent, storeDifference, result, game: i });
    }
    const terms = fitTerms(fitParameters(positions, { ...DEFAULT_FIT, shared: 0.01, perHouse: 0.01 }));
    expect(terms.houses).toHaveLength(6);
    for (const row of terms.houses) {
      expect(row).toHaveLength(CAP + 1);
      for (const c of [1, 2, 5, 9, 12, 14]) expect(Math.abs(row[c] - truth(c) * SCALE)).toBeLessThanOrEqual(SCALE);
    }
    expect(Math.abs(terms.tempo)).toBeLessThanOrEqual(SCALE / 2);
  });

  it("ai tuning - the fit finds the row and store terms that made the labels - synthetic positions with --sides", () => {
    // Boards of 12 to 40 seeds dealt at random, the rest stored at random between the players; the labels
    // come from a model where a row of 20 or more seeds is worth 2 seeds and a store of 20 or more 3.
    const rand = seededRandom(11);
    const row = (t: number) => (t >= 20 ? 2 : 0);
    const store = (s: number) => (s >= 20 ? 3 : 0);
    const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
    /** The model's value in seeds of a position. */
    const truth = (p: LabelledPosition) => {
      const ownStore = (48 - sum(p.own) - sum(p.opponent) + p.storeDifference) / 2;
      const opponentStore = ownStore - p.storeDifference;
      return p.storeDifference + row(sum(p.own)) - row(sum(p.opponent)) + store(ownStore) - store(opponentStore);
    };
    const positions: LabelledPosition[] = [];
    for (let i = 0; i < 30000; i++) {
      const board = 12 + Math.floor(rand() * 29);
      const pits = new Array(12).fill(0);
      for (let seed = 0; seed < board; seed++) pits[Math.floor(rand() * 12)]++;
      const own = pits.slice(0, 6);
      const opponent = pits.slice(6);
      // Stores of 25 or more end an Oware game: the evaluation never sees them.
      const lowest = Math.max(0, 48 - board - 24);
      const ownStore = lowest + Math.floor(rand() * (Math.min(24, 48 - board) - lowest + 1));
      const opponentStore = 48 - board - ownStore;
      const p = { own, opponent, storeDifference: ownStore - opponentStore, result: 0, game: i };
      // Soft labels, as a search gives them (tune-labels.ts): the model's probability itself.
      positions.push({ ...p, result: 1 / (1 + Math.exp(-0.2 * truth(p))) });
    }
    const options = { ...DEFAULT_FIT, sides: true };
    const terms = fitTerms(fitParameters(positions, options), options);
    const rows = terms.rows ?? [];
    const stores = terms.stores ?? [];
    expect(rows).toHaveLength(ROW_CAP + 1);
    expect(stores).toHaveLength(STORE_CAP + 1);
    // The fitted evaluation in seeds (as the search adds it up) against the model's, position by position.
    const meanError = (fitted: FittedTerms) => {
      // Counts past the end of a row of terms take its last value, as in the search; no row: 0.
      const at = (xs: readonly number[] | undefined, i: number) => (xs ? xs[Math.min(i, xs.length - 1)] : 0);
      let sumOfErrors = 0;
      for (const p of positions.slice(0, 2000)) {
        const ownStore = (48 - sum(p.own) - sum(p.opponent) + p.storeDifference) / 2;
        const opponentStore = ownStore - p.storeDifference;
        let units = at(fitted.rows, sum(p.own)) - at(fitted.rows, sum(p.opponent));
        units += at(fitted.stores, ownStore) - at(fitted.stores, opponentStore);
        for (let h = 0; h < 6; h++) units += at(fitted.houses[h], p.own[h]) - at(fitted.houses[h], p.opponent[h]);
        sumOfErrors += Math.abs(p.storeDifference + units / SCALE - truth(p));
      }
      return sumOfErrors / 2000;
    };
    expect(meanError(terms)).toBeLessThan(0.25);
    // The side terms hold the steps; the store term is flat below 20 (k took the seeds' own worth).
    expect(rows[24] - rows[16]).toBeGreaterThan(SCALE);
    expect(Math.abs(stores[22] - stores[16] - 3 * SCALE)).toBeLessThanOrEqual(SCALE / 2);
    expect(Math.max(...stores.slice(0, 20).map(Math.abs))).toBeLessThanOrEqual(SCALE / 2);
    // Without --sides the terms have no rows or stores, and the per-house terms cannot make up for them.
    const housesOnly = fitTerms(fitParameters(positions, { ...options, sides: false }));
    expect(housesOnly).not.toHaveProperty("rows");
    expect(meanError(housesOnly)).toBeGreaterThan(0.5);
  });

  it("ai tuning - the fit finds the capture terms that made the labels - synthetic positions with --captures", () => {
    // Boards of 12 to 40 seeds dealt at random; the labels come from a model where the player to move's
    // best capture is worth ¾ of its seeds and the opponent's costs ½ of its seeds.
    const rand = seededRandom(13);
    const captures = (p: LabelledPosition) => {
      const pits = [...p.own, ...p.opponent];
      return [bestCapture(pits, 0), bestCapture(pits, 1)];
    };
    const truth = (p: LabelledPosition) => {
      const [mine, theirs] = captures(p);
      return p.storeDifference + 0.75 * mine - 0.5 * theirs;
    };
    const positions: LabelledPosition[] = [];
    for (let i = 0; i < 20000; i++) {
      const board = 12 + Math.floor(rand() * 29);
      const pits = new Array(12).fill(0);
      for (let seed = 0; seed < board; seed++) pits[Math.floor(rand() * 12)]++;
      const storeDifference = Math.floor(rand() * 11) - 5;
      const p = { own: pits.slice(0, 6), opponent: pits.slice(6), storeDifference, result: 0, game: i };
      positions.push({ ...p, result: 1 / (1 + Math.exp(-0.2 * truth(p))) });
    }
    const options = { ...DEFAULT_FIT, captures: true };
    const terms = fitTerms(fitParameters(positions, options), options);
    const fittedCaptures = terms.captures ?? [];
    const threats = terms.threats ?? [];
    // No capture is worth 0 (the tempo took the common part), and the captures seen often are where the model put them.
    expect(fittedCaptures[0]).toBe(0);
    expect(threats[0]).toBe(0);
    expect(Math.abs(terms.tempo)).toBeLessThanOrEqual(SCALE / 2);
    for (const g of [2, 3, 4, 5]) {
      expect(Math.abs(fittedCaptures[g] - 0.75 * g * SCALE)).toBeLessThanOrEqual(SCALE / 2);
      expect(Math.abs(threats[g] + 0.5 * g * SCALE)).toBeLessThanOrEqual(SCALE / 2);
    }
    // Without --captures the terms have none.
    expect(fitTerms(fitParameters(positions, { ...options, captures: false }))).not.toHaveProperty("captures");
  });
});
