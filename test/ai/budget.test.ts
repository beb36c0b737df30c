/** The search keeps to its budget: wall-clock without a seed (loosely), nodes with one (exactly). */
import { describe, expect, it } from "vitest";
import { think } from "../../src/ai/think.ts";
import { NODES_PER_MS } from "../../src/ai/types.ts";

describe("ai budget", () => {
  for (const level of ["hard", "expert"] as const) {
    it(`ai budget - ${level} stops near its time budget - 300 ms from an abapa opening`, () => {
      const started = performance.now();
      const result = think({ ruleset: "abapa", moves: [3, 2], level, ms: 300 });
      // Generous margin: the machine is shared; the point is that it stops, not how precisely.
      expect(result.ms).toBeLessThan(300 + 250);
      expect(performance.now() - started).toBeLessThan(300 + 1000);
      expect(result.depth).toBeGreaterThan(4);
    });
  }

  it("ai budget - a seeded search counts nodes, so it is reproducible - expert in haiti", () => {
    const request = { ruleset: "haiti", moves: [3, 4], level: "expert", ms: 40, seed: 3 } as const;
    const a = think(request);
    const b = think(request);
    expect({ ...a, ms: 0 }).toEqual({ ...b, ms: 0 });
    // The node count is checked every 1024 nodes, so it ends within one check of the budget.
    expect(a.nodes).toBeGreaterThanOrEqual(40 * NODES_PER_MS);
    expect(a.nodes).toBeLessThan(40 * NODES_PER_MS + 1024 + 6);
  });

  it("ai budget - a forced move takes a tenth of the budget - a single legal house", () => {
    const start = { pits: [0, 0, 0, 0, 0, 3, 2, 2, 2, 2, 2, 2], stores: [17, 16], toMove: 0 } as const;
    const result = think({ ruleset: "abapa", start, moves: [], level: "expert", ms: 1000 });
    expect(result.best).toBe(6);
    expect(result.ms).toBeLessThan(100 + 250);
  });
});
