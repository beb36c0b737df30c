/**
 * `npm run -s bench:puzzles [-- --ruleset R] [-- --mine N]`: every shipped puzzle re-verified by the engine
 * (exit 1 if one fails), with the time and nodes per puzzle by ruleset; with --mine N, also the cost of
 * mining N self-play games per ruleset (seed 2, not the shipped seed), the games' playing not counted.
 * The figures are on docs/benchmarks.md ("Puzzles").
 */
import { parseArgs } from "node:util";
import { isRulesetId, RULESET_IDS, type RulesetId } from "../src/engine/index.ts";
import { findPuzzles } from "../src/puzzles/find.ts";
import { selfPlayGame } from "../src/puzzles/generate.ts";
import { loadStarterPuzzles } from "../src/puzzles/starter.ts";
import { verifyPuzzle } from "../src/puzzles/verify.ts";

const { values } = parseArgs({ options: { ruleset: { type: "string" }, mine: { type: "string" } } });
const rulesets: readonly RulesetId[] =
  values.ruleset && isRulesetId(values.ruleset) ? [values.ruleset] : (RULESET_IDS as readonly RulesetId[]);

const seconds = (ms: number) => (ms / 1000).toFixed(1);
let failures = 0;
console.log("| ruleset | puzzles | verified | time | per puzzle | nodes per puzzle |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const ruleset of rulesets) {
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
if (failures > 0) process.exitCode = 1;
