/** Endgame tables through the search pool's real worker threads: built as bot-lane tasks, then searched with. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tablePath } from "../../src/ai/endgame-file.ts";
import { createAiPool } from "../../src/ai/index.ts";
import { RULESET_IDS } from "../../src/engine/types.ts";

const dir = mkdtempSync(join(tmpdir(), "nickar-endgame-pool-"));
const pool = createAiPool({ threads: 1, endgame: { dir, seeds: 4 } });
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("ai pool with endgame tables", () => {
  it("ai pool - builds every ruleset's table, then reads them, and searches with them - 4 seeds", async () => {
    const first = await pool.prepareEndgames?.();
    expect(first?.map((r) => [r.ruleset, r.built])).toEqual(RULESET_IDS.map((id) => [id, true]));
    const again = await pool.prepareEndgames?.();
    expect(again?.every((r) => !r.built)).toBe(true);
    // 5 seeds on the board: every capture leads into the table.
    const start = { pits: [1, 0, 2, 0, 0, 0, 0, 1, 1, 0, 0, 0], stores: [21, 22], toMove: 0 } as const;
    const result = await pool.think({ ruleset: "abapa", start, moves: [], level: "expert", ms: 200, seed: 1 });
    expect(result.tableProbes).toBeGreaterThan(0);
    expect(result.tableProofs).toBeGreaterThan(0);
  });

  it("ai pool - sound files are only checked, a damaged one rebuilt in a thread - a later start", async () => {
    const later = createAiPool({ threads: 1, endgame: { dir, seeds: 4 } });
    try {
      const checked = await later.prepareEndgames?.();
      expect(checked?.map((r) => [r.ruleset, r.built])).toEqual(RULESET_IDS.map((id) => [id, false]));
      // No search thread for files that only needed checking: a bot whose Nickar never plays holds none.
      expect(later.liveThreads).toBe(0);
      const path = tablePath(dir, "bridgetown", 4);
      const bytes = readFileSync(path);
      bytes[bytes.length - 3] ^= 4;
      writeFileSync(path, bytes);
      const again = await later.prepareEndgames?.();
      expect(again?.filter((r) => r.built).map((r) => [r.ruleset, r.problem])).toEqual([
        ["bridgetown", "checksum mismatch"],
      ]);
      expect(later.liveThreads).toBe(1);
    } finally {
      await later.close();
    }
  });

  it("ai pool - prepares only the rulesets asked for - the engine tool's one ruleset", async () => {
    const own = mkdtempSync(join(tmpdir(), "nickar-endgame-pool-one-"));
    const one = createAiPool({ threads: 1, endgame: { dir: own, seeds: 4 } });
    try {
      const reports = await one.prepareEndgames?.(undefined, ["haiti"]);
      expect(reports?.map((r) => [r.ruleset, r.built])).toEqual([["haiti", true]]);
      expect(readdirSync(own)).toEqual([tablePath("", "haiti", 4)]);
    } finally {
      await one.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});
