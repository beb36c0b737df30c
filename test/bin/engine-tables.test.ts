/**
 * The engine tool searches as Nickar plays: with the endgame tables of the bot's data folder (or the
 * folder of --tables-dir), built once when missing, and with the opening book.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bookMoves } from "../../src/ai/book.ts";
import { installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { readTable } from "../../src/ai/endgame-file.ts";
import { think } from "../../src/ai/think.ts";
import { runEngineTool } from "./engine-tool.ts";

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "nickar-engine-tables-"));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** An abapa endgame whose seeded search the 6-seed table changes (score and depth: found by trying). */
const ENDGAME = { pits: [0, 2, 1, 0, 2, 1, 0, 1, 1, 0, 0, 2], stores: [20, 18], toMove: 0 } as const;
const request = (think: object) => JSON.stringify({ ruleset: "abapa", position: ENDGAME, think });
const SEARCH = { level: "expert", ms: 50, seed: 1 };

/** The seeded search of ENDGAME on this thread, with the table read from `dir` or without one. */
function searchedHere(dir: string | null) {
  uninstallTable();
  if (dir !== null) {
    const read = readTable(dir, "abapa", 6);
    if (!("table" in read)) throw new Error(read.problem);
    installTable(read.table);
  }
  try {
    const r = think({ ruleset: "abapa", start: ENDGAME, moves: [], level: "expert", ms: 50, seed: 1 });
    return { best: r.best, score: r.score, depth: r.depth, nodes: r.nodes };
  } finally {
    uninstallTable();
  }
}

// Each test starts the tool as its own process one to three times (a few seconds each on a loaded machine).
describe("engine tool endgame tables and book", { timeout: 90_000 }, () => {
  it("engine tool tables - builds the table once in --tables-dir and searches with it - an endgame", async () => {
    const dir = folder();
    const flags = ["--tables-dir", dir, "--tables-seeds", "6"];
    const first = await runEngineTool(request(SEARCH), { args: flags });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/endgame table abapa \(6 seeds\) built/);
    const file = join(dir, "abapa-6.bin");
    const builtAt = statSync(file).mtimeMs;
    const answer = JSON.parse(first.lines[0]);
    expect(answer).toMatchObject(searchedHere(dir));
    // The table makes a difference here: without it the same search answers otherwise.
    const without = await runEngineTool(request(SEARCH), { args: ["--tables-dir", dir, "--tables-seeds", "0"] });
    expect(JSON.parse(without.lines[0])).toMatchObject(searchedHere(null));
    expect(JSON.parse(without.lines[0])).not.toMatchObject(searchedHere(dir));
    // Read, not built again, by the next run.
    const again = await runEngineTool(request(SEARCH), { args: flags });
    expect(again.stderr).not.toMatch(/built/);
    expect(statSync(file).mtimeMs).toBe(builtAt);
    expect(JSON.parse(again.lines[0])).toEqual(answer);
  });

  it("engine tool tables - reads the bot's folder beside DATABASE_PATH and ENDGAME_SEEDS - no flags, a size for abapa", async () => {
    const dir = folder();
    const env = { DATABASE_PATH: join(dir, "nickar.db"), ENDGAME_SEEDS: "5,abapa=6" };
    const { lines, code } = await runEngineTool(request(SEARCH), { env });
    expect(code).toBe(0);
    expect(statSync(join(dir, "endgame", "abapa-6.bin")).size).toBeGreaterThan(0);
    expect(existsSync(join(dir, "endgame", "abapa-5.bin"))).toBe(false);
    expect(JSON.parse(lines[0])).toMatchObject(searchedHere(join(dir, "endgame")));
  });

  it("engine tool tables - refuses before reading a line - a bad --tables-seeds, an unknown flag", async () => {
    const bad = await runEngineTool('{"ruleset":"abapa"}', { args: ["--tables-seeds", "16"] });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--tables-seeds/);
    expect(bad.lines).toEqual([""]);
    const unknown = await runEngineTool('{"ruleset":"abapa"}', { args: ["--tables"] });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--tables/);
  });

  it("engine tool book - plays the expert's book move from the start, searches when asked not to - the start", async () => {
    const args = ["--tables-seeds", "0"];
    const { lines } = await runEngineTool(
      [
        '{"ruleset":"abapa","think":{"seed":3}}',
        '{"ruleset":"abapa","think":{"seed":3,"ms":50,"book":false}}',
        '{"ruleset":"abapa","think":{"level":"hard","seed":3,"ms":50}}',
        '{"ruleset":"abapa","think":{"book":"yes"}}',
      ].join("\n"),
      { args },
    );
    const [book, searched, hard, bad] = lines.map((l) => JSON.parse(l));
    expect(bookMoves("abapa", [])).toContain(book.best);
    expect(book).toMatchObject({ book: true, depth: 0, nodes: 0 });
    expect(searched.depth).toBeGreaterThan(0);
    expect(searched).not.toHaveProperty("book");
    expect(hard.depth).toBeGreaterThan(0);
    expect(hard).not.toHaveProperty("book");
    expect(bad.error).toMatch(/book/);
  });
});
