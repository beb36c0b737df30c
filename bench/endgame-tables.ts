/**
 * The endgame tables a benchmarked bot reads at start, built once and kept between runs in the system's
 * temporary folder: each run is a host's later start (its tables on disk), not the first, which builds
 * them for a minute on a whole core (docs/hosting.md) and would be counted as the load's.
 *
 * Built by the bot's own tree (`root`, which may be an earlier commit's worktree) in a child process, so
 * the files are in that tree's format; the folder is named by the tables' source, so trees whose tables
 * differ never share one. A tree without endgame tables has nothing to build: null.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SOURCES = ["src/ai/endgame.ts", "src/ai/endgame-file.ts"];

// Run in `root` with its own modules: the table files are that tree's.
const BUILD = `
const { loadOrBuild } = await import("./src/ai/endgame-file.ts");
const { loadConfig } = await import("./src/config.ts");
const { RULESET_IDS } = await import("./src/engine/index.ts");
const endgame = loadConfig({ ...process.env, DISCORD_TOKEN: undefined }).computer.endgame;
for (const ruleset of RULESET_IDS) {
  const seeds = endgame.perRuleset?.[ruleset] ?? endgame.seeds; // an older tree has one size for all
  if (seeds > 0) loadOrBuild(process.env.BENCH_TABLES_DIR, ruleset, seeds);
}
`;

/** The tables folder for the bot in `root` (built there if missing), or null when that tree has none. */
export function endgameTables(root: string): string | null {
  if (!SOURCES.every((file) => existsSync(join(root, file)))) return null;
  const hash = createHash("sha256");
  for (const file of SOURCES) hash.update(readFileSync(join(root, file)));
  const dir = join(
    tmpdir(),
    `nickar-bench-endgame-${hash.digest("hex").slice(0, 12)}-${process.env.ENDGAME_SEEDS ?? ""}`,
  );
  const built = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", BUILD], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, BENCH_TABLES_DIR: dir },
  });
  if (built.status !== 0) throw new Error(`could not build the endgame tables in ${root}: ${built.stderr}`);
  return dir;
}

/** Lets the bot whose database is in `dataDir` find the tables where it looks for them (`endgame` beside it). */
export function linkEndgameTables(tables: string | null, dataDir: string): void {
  if (tables) symlinkSync(tables, join(dataDir, "endgame"));
}
