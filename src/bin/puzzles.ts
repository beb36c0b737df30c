/**
 * `npm run -s puzzles -- …` (docs/puzzles.md):
 *   --generate --seed N --ruleset R --count K [--out FILE] [--threads T]
 *                                                              self-play games mined until K puzzles (JSON lines),
 *                                                              T games at once in the AI pool's threads (default:
 *                                                              one per core); the same file whatever T
 *   --export [--ruleset R] [--db FILE]                         the shipped starter set as JSON lines; with --db,
 *                                                              every puzzle of a bot's database (mined ones
 *                                                              too), with its current rating
 *   --verify [--ruleset R]                                     re-verifies the shipped set (lines, themes and
 *                                                              refutations); exit 1 on a failure
 *   --refresh --ruleset R [--out FILE]                         the shipped set with its themes and refutations
 *                                                              computed again (same positions, solutions and
 *                                                              ratings): what --generate writes for them today
 * Every search is node-bounded, so a generation is the same on any machine and with any number of threads.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { createAiPool } from "../ai/pool.ts";
import { openDatabase } from "../db/client.ts";
import { puzzles } from "../db/schema.ts";
import { isRulesetId, RULESET_IDS, type RulesetId } from "../engine/internal.ts";
import { generatePuzzlesWith, type MinedGame } from "../puzzles/core/generate.ts";
import { GENERATE_WORKER, type GenerateGameTask } from "../puzzles/core/generate-worker.ts";
import { refute, verifyRefutation } from "../puzzles/core/refute.ts";
import { loadStarterPuzzles, puzzleLine, puzzlePosition, starterFile } from "../puzzles/core/starter.ts";
import { themesOf } from "../puzzles/core/themes.ts";
import { verifyPuzzle } from "../puzzles/core/verify.ts";
import { ensureStarterPuzzles } from "../puzzles/puzzle-catalog.ts";
import { housesOf } from "../puzzles/puzzle-line.ts";

const USAGE =
  "usage: puzzles --generate --seed N --ruleset R --count K [--out FILE] [--threads T] | --export [--ruleset R] [--db FILE] | --verify [--ruleset R] | --refresh --ruleset R [--out FILE]";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

// A reader that stops early (| head) ends the output quietly.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

function options() {
  try {
    return parseArgs({
      options: {
        generate: { type: "boolean" },
        export: { type: "boolean" },
        verify: { type: "boolean" },
        refresh: { type: "boolean" },
        seed: { type: "string" },
        ruleset: { type: "string" },
        count: { type: "string" },
        out: { type: "string" },
        db: { type: "string" },
        threads: { type: "string" },
      },
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
}
const values = options();

function rulesetOption(): RulesetId | undefined {
  if (values.ruleset === undefined) return undefined;
  if (!isRulesetId(values.ruleset)) fail(`unknown ruleset ${values.ruleset} (one of ${RULESET_IDS.join(", ")})`);
  return values.ruleset;
}

function integer(name: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !Number.isInteger(n) || n < 0) fail(`--${name} needs a whole number`);
  return n;
}

const ruleset = rulesetOption();
if (values.generate) {
  if (!ruleset) fail("--generate needs --ruleset");
  const seed = integer("seed", values.seed);
  const count = integer("count", values.count);
  if (values.out) writeFileSync(values.out, "");
  const threads =
    values.threads === undefined ? availableParallelism() : Math.max(1, integer("threads", values.threads));
  const pool = createAiPool({ threads, maxQueue: threads });
  const run = (index: number) =>
    pool.runTask<GenerateGameTask, MinedGame>(GENERATE_WORKER, { ruleset, seed, index }, "bot");
  const generation = await generatePuzzlesWith(
    {
      ruleset,
      seed,
      count,
      onPuzzle: (p) => {
        if (values.out) appendFileSync(values.out, `${puzzleLine(p)}\n`);
        else process.stdout.write(`${puzzleLine(p)}\n`);
      },
      onGame: (g) =>
        process.stderr.write(
          `${ruleset} game ${g.index}: ${g.plies} plies, ${g.found.candidates} candidates, ${g.found.puzzles.length} found, ` +
            `${g.kept} kept (${g.total}/${count}), ${(g.found.nodes / 1e6).toFixed(1)} M nodes, ${(g.ms / 1000).toFixed(1)} s\n`,
        ),
    },
    run,
    threads,
  );
  await pool.close();
  const n = Math.max(1, generation.puzzles.length);
  process.stderr.write(
    `${ruleset}: ${generation.puzzles.length} puzzles from ${generation.games} games in ${(generation.ms / 1000).toFixed(0)} s; ` +
      `${(generation.nodes / 1e6).toFixed(0)} M nodes mining (${(generation.nodes / Math.max(1, generation.games) / 1e6).toFixed(1)} M a game, ` +
      `${(generation.nodes / n / 1e6).toFixed(1)} M a puzzle); ${(generation.ms / n / 1000).toFixed(1)} s a puzzle, games played included\n`,
  );
} else if (values.export && values.db) {
  const database = openDatabase(values.db);
  try {
    // Loads the starter set into a database that never served a puzzle, as the bot would.
    ensureStarterPuzzles(database.db, Date.now());
    for (const row of database.db.select().from(puzzles).all()) {
      if (ruleset && row.ruleset !== ruleset) continue;
      const moves = housesOf(row.moves);
      const { id, attempts, solves } = row;
      const source = row.sourceKind === "game" ? { kind: "game", gameId: row.sourceGameId } : { kind: "starter" };
      const position = puzzlePosition({ ruleset: row.ruleset, moves });
      const themes = row.themes.split(" ").filter(Boolean);
      const rating = Math.round(row.rating);
      process.stdout.write(
        `${JSON.stringify({ id, ruleset: row.ruleset, position, moves, solution: housesOf(row.solution), themes, rating, attempts, solves, source })}\n`,
      );
    }
  } finally {
    database.close();
  }
} else if (values.export) {
  for (const puzzle of loadStarterPuzzles(ruleset)) {
    const { id, moves, solution, themes, rating } = puzzle;
    const position = puzzlePosition(puzzle);
    process.stdout.write(
      `${JSON.stringify({ id, ruleset: puzzle.ruleset, position, moves, solution, themes, rating })}\n`,
    );
  }
} else if (values.verify) {
  let failed = 0;
  let nodes = 0;
  const started = performance.now();
  const puzzles = loadStarterPuzzles(ruleset);
  for (const puzzle of puzzles) {
    const reasons: string[] = [];
    const verdict = verifyPuzzle(puzzle);
    nodes += verdict.nodes;
    if (!verdict.ok) reasons.push(verdict.reason);
    const themes = themesOf(puzzle, puzzle.solution).join(" ");
    if (themes !== puzzle.themes.join(" ")) reasons.push(`its line shows the themes "${themes}"`);
    for (const refutation of puzzle.refutations) {
      const checked = verifyRefutation(puzzle, puzzle.solution, refutation);
      nodes += checked.nodes;
      if (!checked.ok) reasons.push(checked.reason);
    }
    if (reasons.length) {
      failed++;
      process.stdout.write(`${puzzle.ruleset} ${puzzle.id}: ${reasons.join("; ")}\n`);
    }
  }
  const ms = performance.now() - started;
  process.stdout.write(
    `${puzzles.length - failed}/${puzzles.length} verified in ${(ms / 1000).toFixed(1)} s ` +
      `(${(ms / Math.max(1, puzzles.length)).toFixed(0)} ms, ${(nodes / Math.max(1, puzzles.length) / 1e6).toFixed(2)} M nodes a puzzle)\n`,
  );
  if (failed > 0) process.exitCode = 1;
} else if (values.refresh) {
  if (!ruleset) fail("--refresh needs --ruleset");
  const started = performance.now();
  let nodes = 0;
  const lines = loadStarterPuzzles(ruleset).map((puzzle, i) => {
    const refuted = refute(puzzle, puzzle.solution);
    nodes += refuted.nodes;
    if (i % 10 === 9)
      process.stderr.write(`${ruleset}: ${i + 1} puzzles, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    return puzzleLine({ ...puzzle, themes: themesOf(puzzle, puzzle.solution), refutations: refuted.refutations });
  });
  writeFileSync(values.out ?? starterFile(ruleset), lines.map((line) => `${line}\n`).join(""));
  process.stderr.write(
    `${ruleset}: ${lines.length} puzzles refreshed in ${((performance.now() - started) / 1000).toFixed(0)} s, ${(nodes / 1e6).toFixed(0)} M nodes\n`,
  );
} else {
  fail(USAGE);
}
