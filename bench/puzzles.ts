/**
 * `npm run -s bench:puzzles [-- --ruleset R] [-- --mine N]`: every shipped puzzle re-verified by the engine
 * (exit 1 if one fails), with the time and nodes per puzzle by ruleset; with --mine N, also the cost of
 * mining N self-play games per ruleset (seed 2, not the shipped seed), the games' playing not counted; with
 * --bot N, N games per ruleset mined as the bot mines them (src/puzzles/jobs/puzzle-mining.ts): in steps of
 * MINE_STEP_NODES in the AI pool's thread, with the longest step (what a Nickar move could wait behind it).
 * `--skip-verify` leaves out the verification of the shipped set.
 * The figures are on docs/benchmarks.md ("Puzzles").
 */
import { parseArgs } from "node:util";
import { createAiPool } from "../src/ai/pool.ts";
import { isRulesetId, RULESET_IDS, type RulesetId } from "../src/engine/index.ts";
import { type FindResult, findPuzzles } from "../src/puzzles/core/find.ts";
import { selfPlayGame } from "../src/puzzles/core/generate.ts";
import { loadStarterPuzzles } from "../src/puzzles/core/starter.ts";
import { verifyPuzzle } from "../src/puzzles/core/verify.ts";
import { MINE_WORKER, type MineTask } from "../src/puzzles/core/worker.ts";
import { MINE_STEP_NODES } from "../src/puzzles/jobs/puzzle-mining.ts";

const { values } = parseArgs({
  options: {
    ruleset: { type: "string" },
    mine: { type: "string" },
    bot: { type: "string" },
    "skip-verify": { type: "boolean" },
  },
});
const rulesets: readonly RulesetId[] =
  values.ruleset && isRulesetId(values.ruleset) ? [values.ruleset] : (RULESET_IDS as readonly RulesetId[]);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
let failures = 0;
if (!values["skip-verify"]) {
  console.log("| ruleset | puzzles | verified | time | per puzzle | nodes per puzzle |");
  console.log("| --- | --- | --- | --- | --- | --- |");
}
for (const ruleset of values["skip-verify"] ? [] : rulesets) {
  const puzzles = loadStarterPuzzles(ruleset);
  let ok = 0;
  let nodes = 0;
  const started = performance.now();
  for (const puzzle of puzzles) {
    const verdict = verifyPuzzle(puzzle);
    nodes += verdict.nodes;
    if (verdict.ok) ok++;
    else {
      failures++;
      console.error(`${ruleset} ${puzzle.id}: ${verdict.reason}`);
    }
  }
  const ms = performance.now() - started;
  const n = Math.max(1, puzzles.length);
  console.log(
    `| ${ruleset} | ${puzzles.length} | ${ok} | ${seconds(ms)} s | ${(ms / n).toFixed(0)} ms | ${(nodes / n / 1e6).toFixed(2)} M |`,
  );
}

const games = Number(values.mine ?? 0);
if (games > 0) {
  console.log("");
  console.log("| ruleset | games mined | plies | mining per game | nodes per game | puzzles |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const ruleset of rulesets) {
    let ms = 0;
    let nodes = 0;
    let plies = 0;
    let found = 0;
    for (let index = 0; index < games; index++) {
      const game = selfPlayGame(ruleset, 2, index);
      const started = performance.now();
      const result = findPuzzles(ruleset, game.moves, {
        source: { kind: "starter", seed: 2 },
        fromPly: game.opening,
      });
      ms += performance.now() - started;
      nodes += result.nodes;
      plies += game.moves.length;
      found += result.puzzles.length;
    }
    console.log(
      `| ${ruleset} | ${games} | ${(plies / games).toFixed(0)} | ${seconds(ms / games)} s | ${(nodes / games / 1e6).toFixed(1)} M | ${found} |`,
    );
  }
}
const botGames = Number(values.bot ?? 0);
if (botGames > 0) {
  const pool = createAiPool({ threads: 1 });
  await pool.runTask<MineTask, FindResult>(MINE_WORKER, { ruleset: "abapa", moves: [], gameId: "warm-up" });
  console.log("");
  console.log(
    `Mined as the bot mines (steps of ${MINE_STEP_NODES.toLocaleString("en")} nodes in the AI pool's thread):`,
  );
  console.log("");
  console.log("| ruleset | games | steps a game | time a game | median step | longest step | puzzles |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const ruleset of rulesets) {
    const steps: number[] = [];
    let found = 0;
    const started = performance.now();
    for (let index = 0; index < botGames; index++) {
      const game = selfPlayGame(ruleset, 2, index);
      for (let fromPly = 0; ; ) {
        const at = performance.now();
        const result = await pool.runTask<MineTask, FindResult>(MINE_WORKER, {
          ruleset,
          moves: game.moves,
          gameId: `bench-${index}`,
          maxNodes: MINE_STEP_NODES,
          fromPly,
        });
        steps.push(performance.now() - at);
        found += result.puzzles.length;
        if (result.complete) break;
        fromPly = result.nextPly;
      }
    }
    const ms = performance.now() - started;
    const sorted = [...steps].sort((a, b) => a - b);
    console.log(
      `| ${ruleset} | ${botGames} | ${(steps.length / botGames).toFixed(1)} | ${seconds(ms / botGames)} s | ${sorted[sorted.length >> 1].toFixed(0)} ms | ${sorted[sorted.length - 1].toFixed(0)} ms | ${found} |`,
    );
  }
  await pool.close();
}
if (failures > 0) process.exitCode = 1;
