/** The tune tool's kept positions (--positions-dir), its side terms (--sides) and capture terms (--captures), run as a user runs it. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSX = join(ROOT, "node_modules/.bin/tsx");

describe("tune cli", () => {
  const dir = mkdtempSync(join(tmpdir(), "nickar-tune-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const positions = join(dir, "positions");
  // A tiny run: a few games, small searches, a 4-seed table of its own.
  const small = ["--rulesets", "abapa", "--games", "5", "--nodes", "300", "--labels", "search", "--label-nodes", "400"];
  const where = ["--tables-dir", join(dir, "tables"), "--tables-seeds", "4", "--positions-dir", positions];

  function tune(out: string, ...more: string[]) {
    const run = spawnSync(TSX, ["src/bin/tune.ts", ...small, ...where, "--out", join(dir, out), ...more], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    const file = readFileSync(join(dir, out), "utf8");
    const start = "JSON.parse(\n  '";
    const terms = JSON.parse(file.slice(file.indexOf(start) + start.length, file.lastIndexOf("'"))).abapa;
    return { stderr: run.stderr, terms };
  }

  it("tune cli - the kept positions are read back by the same command, made again by another - abapa", () => {
    const first = tune("first.ts");
    expect(first.terms).not.toHaveProperty("rows");
    // Mark the kept file: its label scale k is printed, so a run that reads it back prints the mark.
    const kept = join(positions, "abapa.json");
    const cached = JSON.parse(readFileSync(kept, "utf8"));
    writeFileSync(kept, JSON.stringify({ ...cached, value: { ...cached.value, k: 9.875 } }));
    const again = tune("again.ts");
    expect(again.stderr).toContain("| 9.875 |");
    expect(again.terms).toEqual(first.terms);
    // --sides fits the same kept positions, with the row and store terms.
    const sided = tune("sided.ts", "--sides");
    expect(sided.stderr).toContain("| 9.875 |");
    expect(sided.terms.rows).toHaveLength(31);
    expect(sided.terms.stores).toHaveLength(25);
    expect(sided.terms.made).toContain("--sides");
    // --captures likewise, with the capture terms.
    const capturing = tune("capturing.ts", "--sides", "--captures");
    expect(capturing.stderr).toContain("| 9.875 |");
    expect(capturing.terms.captures).toHaveLength(9);
    expect(capturing.terms.threats).toHaveLength(9);
    expect(capturing.terms.made).toContain("--sides --captures");
    // Other labelling flags label again (and keep the new positions in place of the old).
    const other = tune("other.ts", "--label-nodes", "500");
    expect(other.stderr).not.toContain("| 9.875 |");
    expect(JSON.parse(readFileSync(kept, "utf8")).made).toContain("--label-nodes 500");
    // A kept file cut short (the tool stopped while writing it) is labelled again, not a crash.
    writeFileSync(kept, '{"made":');
    tune("cut.ts", "--label-nodes", "500");
    expect(JSON.parse(readFileSync(kept, "utf8")).made).toContain("--label-nodes 500");
  }, 120_000);
});
