/**
 * The search keeps to its budget. Time is checked on a counting clock (one millisecond per reading), so
 * the tolerance is exact and independent of the machine's speed and load: the search must stop at its
 * first clock check past the budget, having searched no node after it. With a seed it counts nodes.
 */
import { describe, expect, it } from "vitest";
import { CHECK_EVERY } from "../../src/ai/search.ts";
import { think } from "../../src/ai/think.ts";
import { NODES_PER_MS } from "../../src/ai/types.ts";

/** A clock that advances one millisecond every time it is read. */
function countingClock(): () => number {
  let t = 0;
  return () => t++;
}

describe("ai budget", () => {
  for (const level of ["hard", "expert"] as const) {
    it(`ai budget - ${level} stops at its first clock check past the budget - 300 ms from an abapa opening`, () => {
      const result = think({ ruleset: "abapa", moves: [3, 2], level, ms: 300 }, undefined, countingClock());
      expect(result.stop).toBe("time");
      // Read at the start, at each check and at the end: the check that found 300 ms spent stopped it.
      expect(result.ms).toBe(300 + 1);
      // Checks come every CHECK_EVERY nodes (after the first iteration): it stopped on one, no node later.
      expect(result.nodes % CHECK_EVERY).toBe(0);
      expect(result.depth).toBeGreaterThan(4);
    });
  }

  it("ai budget - a search on the real clock says it stopped on time - expert, 100 ms", () => {
    // No threshold on wall-clock time here (it flakes under load): the reason is the point.
    const result = think({ ruleset: "haiti", moves: [3, 4], level: "expert", ms: 100 });
    expect(result.stop).toBe("time");
    expect(result.nodes % CHECK_EVERY).toBe(0);
  });

  it("ai budget - a seeded search counts nodes, so it is reproducible - expert in haiti", () => {
    const request = { ruleset: "haiti", moves: [3, 4], level: "expert", ms: 40, seed: 3 } as const;
    const a = think(request);
    const b = think(request);
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    expect(a.stop).toBe("nodes");
    // The node count is checked every CHECK_EVERY nodes, so it ends at the first check past the budget.
    expect(a.nodes).toBeGreaterThanOrEqual(40 * NODES_PER_MS);
    expect(a.nodes).toBeLessThan(40 * NODES_PER_MS + CHECK_EVERY);
  });

  it("ai budget - a forced move takes a tenth of the budget - a single legal house", () => {
    const start = { pits: [0, 0, 0, 0, 0, 3, 2, 2, 2, 2, 2, 2], stores: [17, 16], toMove: 0 } as const;
    const result = think({ ruleset: "abapa", start, moves: [], level: "expert", ms: 1000 }, undefined, countingClock());
    expect(result.best).toBe(6);
    expect(result.ms).toBeLessThanOrEqual(100 + 1);
  });
});
