import blossom from "edmonds-blossom-fixed";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MatchingGraph } from "../../../src/tournaments/core/dutch/graph.ts";
import { maxWeightMatching, solveMatching, type WeightedEdge } from "../../../src/tournaments/core/dutch/matching.ts";
import { sharedBlossomDual } from "../../../src/tournaments/core/dutch/solution.ts";

/** The best (cardinality, weight) over all matchings, by brute force. */
function best(n: number, w: (number | null)[][], maxCardinality: boolean): [number, number] {
  let top: [number, number] = [-1, Number.NEGATIVE_INFINITY];
  const mate = Array(n).fill(-1);
  const rec = (i: number, card: number, sum: number) => {
    if (i === n) {
      const key: [number, number] = [maxCardinality ? card : 0, sum];
      if (key[0] > top[0] || (key[0] === top[0] && key[1] > top[1])) top = key;
      return;
    }
    if (mate[i] !== -1) return rec(i + 1, card, sum);
    rec(i + 1, card, sum);
    for (let j = i + 1; j < n; j++) {
      const wij = w[i][j];
      if (mate[j] !== -1 || wij === null) continue;
      mate[i] = j;
      mate[j] = i;
      rec(i + 1, card + 1, sum + wij);
      mate[i] = mate[j] = -1;
    }
  };
  rec(0, 0, 0);
  return top;
}

describe("maximum-weight matching library", () => {
  it("edmonds-blossom-fixed - agrees with brute force - random graphs of 2..10 vertices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 1e12 }), { nil: null, freq: 3 }), {
          minLength: 45,
          maxLength: 45,
        }),
        fc.boolean(),
        (n, weights, maxCardinality) => {
          const w: (number | null)[][] = Array.from({ length: n }, () => Array(n).fill(null));
          const edges: number[][] = [];
          let k = 0;
          for (let i = 0; i < n; i++)
            for (let j = i + 1; j < n; j++) {
              const x = weights[k++];
              w[i][j] = w[j][i] = x;
              if (x !== null) edges.push([i, j, x]);
            }
          if (edges.length === 0) return;
          const mate = blossom(edges, maxCardinality);
          let card = 0;
          let sum = 0;
          mate.forEach((m, v) => {
            if (m < 0) return;
            expect(mate[m]).toBe(v);
            if (v < m) {
              expect(w[v][m]).not.toBeNull();
              card++;
              sum += w[v][m]!;
            }
          });
          expect([maxCardinality ? card : 0, sum]).toEqual(best(n, w, maxCardinality));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("edmonds-blossom-fixed - leaks no global variable - one matching", () => {
    blossom(
      [
        [0, 1, 3],
        [1, 2, 4],
        [2, 0, 5],
        [2, 3, 1],
      ],
      true,
    );
    expect(["b", "path", "v"].filter((name) => name in globalThis)).toEqual([]);
  });
});

describe("maximum-weight matching with BigInt weights", () => {
  it("maxWeightMatching - agrees with brute force - random graphs of 2..11 vertices, weights past 2^53", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 40 }), { nil: null, freq: 3 }), {
          minLength: 55,
          maxLength: 55,
        }),
        (n, weights) => {
          // Small weights make ties and blossoms common; the scale takes every sum past 2^53.
          const scale = 2n ** 300n;
          const w: (number | null)[][] = Array.from({ length: n }, () => Array(n).fill(null));
          const edges: WeightedEdge[] = [];
          let k = 0;
          for (let i = 0; i < n; i++)
            for (let j = i + 1; j < n; j++) {
              const x = weights[k++];
              w[i][j] = w[j][i] = x;
              if (x !== null) edges.push({ u: i, v: j, weight: BigInt(x) * scale + 1n });
            }
          const mate = maxWeightMatching(n, edges);
          let sum = 0n;
          mate.forEach((m, v) => {
            if (m < 0) return;
            expect(mate[m]).toBe(v);
            if (v < m) sum += BigInt(w[v][m]!) * scale + 1n;
          });
          // The +1 per edge breaks no tie of the scaled part: compare the scaled part with brute force.
          expect(Number(sum / scale)).toBe(best(n, w, false)[1]);
        },
      ),
      { numRuns: 600 },
    );
  });
});

describe("the matching's dual proof", () => {
  const randomGraph = (n: number, weights: readonly (number | null)[]) => {
    const edges: WeightedEdge[] = [];
    let k = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const x = weights[k++ % weights.length];
        if (x !== null) edges.push({ u: i, v: j, weight: BigInt(x) << 200n });
      }
    return edges;
  };
  const total = (mate: readonly number[], w: (a: number, b: number) => bigint) =>
    mate.reduce((s, m, v) => (m > v ? s + w(v, m) : s), 0n);

  it("solveMatching - every reduced cost ≥ 0, matched edges tight, free vertices at 0 - random graphs of 2..14", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 14 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }), { minLength: 1, maxLength: 91 }),
        (n, weights) => {
          const edges = randomGraph(n, weights);
          const s = solveMatching(n, edges);
          for (const e of edges) {
            const rc = s.dual[e.u] + s.dual[e.v] - 2n * e.weight + sharedBlossomDual(s, e.u, e.v);
            expect(rc >= 0n).toBe(true);
            if (s.mate[e.u] === e.v) expect(rc).toBe(0n);
          }
          s.mate.forEach((m, v) => {
            if (m < 0) expect(s.dual[v]).toBe(0n);
          });
        },
      ),
      { numRuns: 400 },
    );
  });

  it("MatchingGraph - a kept matching is as heavy as a fresh one after each change - random changes on 2..12 vertices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }), { minLength: 1, maxLength: 66 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 30 })), { maxLength: 30 }),
        (n, weights, changes) => {
          const graph = new MatchingGraph(n);
          for (const e of randomGraph(n, weights)) graph.set(e.u, e.v, e.weight);
          graph.match();
          for (const [a, b, x] of changes) {
            const u = a % n;
            const v = b % n;
            if (u === v) continue;
            graph.set(u, v, BigInt(x) << 200n);
            const kept = graph.match().map((m, i) => (m === i ? -1 : m));
            const edges: WeightedEdge[] = [];
            for (let i = 0; i < n; i++)
              for (let j = i + 1; j < n; j++)
                if (graph.get(i, j) > 0n) edges.push({ u: i, v: j, weight: graph.get(i, j) });
            const w = (i: number, j: number) => graph.get(i, j);
            expect(total(kept, w)).toBe(BigInt(bestWeight(n, w)) << 200n);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("MatchingGraph - stays a maximum-weight matching of what is left - weight changes, pairs finalized and the window moved, on 2..11 vertices", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.array(fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }), { minLength: 1, maxLength: 55 }),
        fc.array(
          fc.oneof(
            fc.tuple(fc.constant("set" as const), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 12 })),
            fc.tuple(fc.constant("finalize" as const), fc.nat(), fc.nat(), fc.constant(0)),
            fc.tuple(fc.constant("limit" as const), fc.nat(), fc.nat(), fc.constant(0)),
          ),
          { maxLength: 25 },
        ),
        (n, weights, steps) => {
          // Weights in a few high levels plus a low part: ties on the high part are common, as in the Dutch weights.
          const big = (x: number) => (BigInt(x) << 100n) + BigInt((x * 7) % 5);
          const graph = new MatchingGraph(n);
          for (const e of randomGraph(n, weights)) graph.set(e.u, e.v, big(Number(e.weight >> 200n)));
          const gone = new Set<number>();
          let end = n;
          let mate = graph.match();
          for (const [kind, a, b, x] of steps) {
            if (kind === "set") {
              if (a % n !== b % n) graph.set(a % n, b % n, x === 0 ? 0n : big(x));
            } else if (kind === "finalize") {
              const v = a % n;
              if (gone.has(v) || v >= end || mate[v] === v) continue;
              gone.add(v).add(mate[v]);
              graph.finalize(v, mate[v]);
            } else {
              end = Math.max(end, 1 + (a % n));
              if (b % 3 === 0) end = 1 + (a % n);
              graph.limit(end);
            }
            mate = graph.match();
            const live = (v: number) => v < end && !gone.has(v);
            const w = (i: number, j: number) => (live(i) && live(j) ? graph.get(i, j) : 0n);
            const kept = mate.map((m, i) => (m === i || !live(i) ? -1 : m));
            kept.forEach((m, i) => {
              if (m >= 0) expect(w(i, m) > 0n && mate[m] === i).toBe(true);
            });
            const edges: WeightedEdge[] = [];
            for (let i = 0; i < n; i++)
              for (let j = i + 1; j < n; j++) if (w(i, j) > 0n) edges.push({ u: i, v: j, weight: w(i, j) });
            expect(total(kept, w)).toBe(total(solveMatching(n, edges).mate, w));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** The heaviest matching's weight in units of 2^200, by brute force (weights are multiples of 2^200). */
function bestWeight(n: number, w: (i: number, j: number) => bigint): number {
  const grid = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i !== j && w(i, j) > 0n ? Number(w(i, j) >> 200n) : null)),
  );
  return best(n, grid, false)[1];
}
