/**
 * `npm run -s puzzles -- …` (docs/puzzles.md):
 *   --generate --seed N --ruleset R --count K [--out FILE]   self-play games mined until K puzzles (JSON lines)
 *   --export [--ruleset R]                                     the shipped starter set as JSON lines
 *   --verify [--ruleset R]                                     re-verifies the shipped set; exit 1 on a failure
 * Generation runs on this thread: each search is synchronous and node-bounded; run one process per
 * ruleset to use more cores.
 */
import { appendFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isRulesetId, RULESET_IDS, type RulesetId } from "../engine/internal.ts";
import { generatePuzzles } from "../puzzles/generate.ts";
import { loadStarterPuzzles, puzzleLine, puzzlePosition } from "../puzzles/starter.ts";
import { verifyPuzzle } from "../puzzles/verify.ts";

const USAGE =
  "usage: puzzles --generate --seed N --ruleset R --count K [--out FILE] | --export [--ruleset R] | --verify [--ruleset R]";

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
        seed: { type: "string" },
        ruleset: { type: "string" },
        count: { type: "string" },
        out: { type: "string" },
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
  const generation = generatePuzzles({
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
  });
  const n = Math.max(1, generation.puzzles.length);
  process.stderr.write(
    `${ruleset}: ${generation.puzzles.length} puzzles from ${generation.games} games in ${(generation.ms / 1000).toFixed(0)} s; ` +
      `${(generation.nodes / 1e6).toFixed(0)} M nodes mining (${(generation.nodes / Math.max(1, generation.games) / 1e6).toFixed(1)} M a game, ` +
      `${(generation.nodes / n / 1e6).toFixed(1)} M a puzzle); ${(generation.ms / n / 1000).toFixed(1)} s a puzzle, games played included\n`,
  );
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
    const verdict = verifyPuzzle(puzzle);
    nodes += verdict.nodes;
    if (!verdict.ok) {
      failed++;
      process.stdout.write(`${puzzle.ruleset} ${puzzle.id}: ${verdict.reason}\n`);
    }
  }
  const ms = performance.now() - started;
  process.stdout.write(
    `${puzzles.length - failed}/${puzzles.length} verified in ${(ms / 1000).toFixed(1)} s ` +
      `(${(ms / Math.max(1, puzzles.length)).toFixed(0)} ms, ${(nodes / Math.max(1, puzzles.length) / 1e6).toFixed(2)} M nodes a puzzle)\n`,
  );
  if (failed > 0) process.exitCode = 1;
} else {
  fail(
    "usage: puzzles --generate --seed N --ruleset R --count K [--out FILE] | --export [--ruleset R] | --verify [--ruleset R]",
  );
}
