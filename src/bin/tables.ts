/**
 * `npm run -s tables -- [--seeds N] [--dir DIR] [--ruleset R] [--rebuild]` (docs/hosting.md, "Endgame
 * tables"): reads or builds the endgame tables the bot would, on this thread, and prints each one's
 * build (or read) time, file size, memory and the share of boards whose value is exact. The defaults
 * come from the configuration (ENDGAME_SEEDS, the folder beside DATABASE_PATH); --rebuild deletes the
 * files first.
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadOrBuild, seedsFor, tablePath, tablesOverridden } from "../ai/endgame-file.ts";
import { loadConfig } from "../config.ts";
import { isRulesetId, RULESET_IDS } from "../engine/internal.ts";

const { values } = parseArgs({
  options: {
    seeds: { type: "string" },
    dir: { type: "string" },
    ruleset: { type: "string" },
    rebuild: { type: "boolean", default: false },
  },
});
const config = loadConfig();
// --seeds: one size for every ruleset; else the bot's size per ruleset (ENDGAME_SEEDS).
const options = tablesOverridden(
  config.computer.endgame,
  values.dir,
  values.seeds === undefined ? undefined : Number(values.seeds),
);
const dir = options.dir;
if (values.seeds !== undefined && !(Number.isInteger(options.seeds) && options.seeds >= 1 && options.seeds <= 15)) {
  process.stderr.write("--seeds must be 1 to 15\n");
  process.exit(2);
}
if (values.ruleset !== undefined && !isRulesetId(values.ruleset)) {
  process.stderr.write(`unknown ruleset ${values.ruleset}\n`);
  process.exit(2);
}
const rulesets = values.ruleset !== undefined && isRulesetId(values.ruleset) ? [values.ruleset] : RULESET_IDS;
console.log(`Endgame tables in ${dir}\n`);
console.log("| ruleset | seeds | built or read | time | file | exact boards |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const ruleset of rulesets) {
  const seeds = seedsFor(options, ruleset);
  if (seeds <= 0) continue;
  if (values.rebuild) rmSync(tablePath(dir, ruleset, seeds), { force: true });
  const { report } = loadOrBuild(dir, ruleset, seeds, (layer) => {
    process.stderr.write(`${ruleset}: ${layer.seeds} seeds, ${Math.round(layer.ms)} ms, ${layer.sweeps} sweeps\n`);
  });
  const mb = (report.bytes / 1e6).toFixed(1);
  const exact = ((100 * report.exact) / report.boards).toFixed(1);
  const how = report.built ? `built (${report.problem})` : "read";
  console.log(`| ${ruleset} | ${seeds} | ${how} | ${(report.ms / 1000).toFixed(1)} s | ${mb} MB | ${exact}% |`);
}
console.log(`\nPeak resident memory of this process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
