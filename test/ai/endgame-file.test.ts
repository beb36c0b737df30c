/**
 * Endgame table files (src/ai/endgame-file.ts): a good file is read, a partial or corrupt one is
 * detected and rebuilt (never trusted); and the expert keeps to its time budget with a table in use.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildTable, installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { checkTableFile, decodeTable, loadOrBuild, tablePath, writeTable } from "../../src/ai/endgame-file.ts";
import { CHECK_EVERY } from "../../src/ai/search.ts";
import { think } from "../../src/ai/think.ts";

const dir = mkdtempSync(join(tmpdir(), "nickar-endgame-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("endgame table files", () => {
  it("table file - read back as it was written - wari, 5 seeds", () => {
    const table = buildTable("wari", 5);
    writeTable(dir, table);
    const { table: read, report } = loadOrBuild(dir, "wari", 5);
    expect(report.built).toBe(false);
    expect(read.lo).toEqual(table.lo);
    expect(read.hi).toEqual(table.hi);
  });

  it("table file - a flipped byte is detected and the table rebuilt - abapa, 5 seeds", () => {
    const table = buildTable("abapa", 5);
    writeTable(dir, table);
    const path = tablePath(dir, "abapa", 5);
    const bytes = readFileSync(path);
    bytes[bytes.length - 7] ^= 1;
    writeFileSync(path, bytes);
    const { table: rebuilt, report } = loadOrBuild(dir, "abapa", 5);
    expect(report).toMatchObject({ built: true, problem: "checksum mismatch" });
    expect(rebuilt.hi).toEqual(table.hi);
    // The rebuilt file replaced the corrupt one.
    expect(loadOrBuild(dir, "abapa", 5).report.built).toBe(false);
  });

  it("table file - a partial file is detected and the table rebuilt - haiti, 5 seeds", () => {
    writeTable(dir, buildTable("haiti", 5));
    const path = tablePath(dir, "haiti", 5);
    truncateSync(path, 1000);
    const { report } = loadOrBuild(dir, "haiti", 5);
    expect(report.built).toBe(true);
    expect(report.problem).toMatch(/bytes/);
    expect(loadOrBuild(dir, "haiti", 5).report.built).toBe(false);
  });

  it("table file - checked without keeping it, with the report a read gives - speightstown, 5 seeds", () => {
    writeTable(dir, buildTable("speightstown", 5));
    const checked = checkTableFile(dir, "speightstown", 5);
    const { report } = loadOrBuild(dir, "speightstown", 5);
    expect(checked).toEqual({ report: { ...report, ms: expect.any(Number) } });
    expect(report.exact).toBeGreaterThan(0);
    expect(report.exact).toBeLessThan(report.boards);
    const path = tablePath(dir, "speightstown", 5);
    truncateSync(path, 2000);
    expect(checkTableFile(dir, "speightstown", 5)).toEqual({ problem: expect.stringMatching(/bytes/) });
    expect(checkTableFile(dir, "speightstown", 7)).toEqual({ problem: "missing" });
  });

  it("table file - another ruleset's table is refused - caribbean file read as abapa", () => {
    const bytes = readFileSync(writeTableAndPath("caribbean"));
    expect(decodeTable(bytes, "abapa", 4)).toEqual({ problem: "another ruleset's or size's table" });
  });
});

function writeTableAndPath(ruleset: "caribbean"): string {
  writeTable(dir, buildTable(ruleset, 4));
  return tablePath(dir, ruleset, 4);
}

describe("expert with an endgame table", () => {
  it("ai budget - the expert stops at its first clock check past the budget - 12 seeds, a table of 8", () => {
    installTable(buildTable("abapa", 8));
    try {
      let t = 0;
      const start = { pits: [2, 0, 1, 3, 0, 1, 0, 2, 1, 0, 1, 1], stores: [19, 17], toMove: 0 } as const;
      const result = think({ ruleset: "abapa", start, moves: [], level: "expert", ms: 300 }, undefined, () => t++);
      expect(result.tableProbes).toBeGreaterThan(0);
      if (result.stop === "time") {
        expect(result.ms).toBe(301);
        expect(result.nodes % CHECK_EVERY).toBe(0);
      } else {
        // Proven before the budget: the table decided every line.
        expect(result.stop).toBe("proven");
        expect(result.ms).toBeLessThanOrEqual(301);
      }
    } finally {
      uninstallTable();
    }
  });
});
