/**
 * `npm run -s tune -- [--seed N] [--games G] [--nodes K] [--opening-plies P] [--rulesets a,b] [--out FILE]
 * [--labels results|search] [--label-nodes N] [--label-every N] [--lambda X] [--tables-dir DIR] [--tables-seeds N]
 * [--positions-dir DIR] [--sides] [--captures]`
 * (docs/ai.md, "The evaluation"): fits the expert's evaluation terms per ruleset by the Texel method on
 * self-play positions, reproducibly from the seed, and writes them as src/ai/eval-data.ts (or FILE).
 * The labels are the games' results, or (`--labels search`) every `label-every`-th position's score by
 * an expert search of `label-nodes` nodes with the endgame tables, blended with the result by `lambda`
 * (tune-labels.ts). `--sides` fits the row and store terms too, `--captures` the capture terms (texel.ts; the
 * Oware rulesets only: haiti's captures are Kays, which bestCapture does not read); `--positions-dir` keeps the
 * labelled positions for another fit. Rulesets not asked for keep their entry of the current file. Runs
 * on this thread.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { installTable, uninstallTable } from "../ai/endgame.ts";
import { loadOrBuild } from "../ai/endgame-file.ts";
import { FITTED_TERMS } from "../ai/eval-data.ts";
import { type FittedTerms, houseTerm, SCALE, tunedWeights } from "../ai/evaluate.ts";
import { DEFAULT_FIT, type FitOptions, fitParameters, fitScale, fitTerms, fittedLogit, logLoss } from "../ai/texel.ts";
import { searchLabelled } from "../ai/tune-labels.ts";
import { type LabelledPosition, selfPlayPositions } from "../ai/tune-positions.ts";
import { loadConfig } from "../config.ts";
import { RULESET_IDS, type RulesetId } from "../engine/internal.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "1" },
    games: { type: "string", default: "300" },
    nodes: { type: "string", default: "4000" },
    "opening-plies": { type: "string", default: "4" },
    "table-seeds": { type: "string", default: "10" },
    rulesets: { type: "string", default: RULESET_IDS.join(",") },
    out: { type: "string", default: new URL("../ai/eval-data.ts", import.meta.url).pathname },
    labels: { type: "string", default: "results" },
    "label-nodes": { type: "string", default: "20000" },
    "label-every": { type: "string", default: "1" },
    lambda: { type: "string", default: "0" },
    "tables-dir": { type: "string" },
    "tables-seeds": { type: "string" },
    "positions-dir": { type: "string" },
    sides: { type: "boolean", default: false },
    captures: { type: "boolean", default: false },
  },
});
if (values.labels !== "results" && values.labels !== "search") throw new Error("--labels is results or search");
const bySearch = values.labels === "search";
const labelling = {
  nodes: Number(values["label-nodes"]),
  every: Number(values["label-every"]),
  lambda: Number(values.lambda),
};
const config = loadConfig();
const tablesDir = values["tables-dir"] ?? config.computer.endgame.dir;
const tablesSeeds = Number(values["tables-seeds"] ?? config.computer.endgame.seeds);
const options = {
  seed: Number(values.seed),
  games: Number(values.games),
  nodes: Number(values.nodes),
  openingPlies: Number(values["opening-plies"]),
  tableSeeds: Number(values["table-seeds"]),
};
const searchFlags = ` --labels search --label-nodes ${labelling.nodes} --label-every ${labelling.every} --lambda ${labelling.lambda} --tables-seeds ${tablesSeeds}`;
const positionsCommand = `npm run -s tune -- --seed ${options.seed} --games ${options.games} --nodes ${options.nodes} --opening-plies ${options.openingPlies} --table-seeds ${options.tableSeeds}${bySearch ? searchFlags : ""}`;
/** A ruleset's fit options and the command that its entry records. */
function fitFor(ruleset: RulesetId): { options: FitOptions; command: string } {
  const options = { ...DEFAULT_FIT, sides: values.sides, captures: values.captures && ruleset !== "haiti" };
  return {
    options,
    command: `${positionsCommand}${options.sides ? " --sides" : ""}${options.captures ? " --captures" : ""}`,
  };
}
const rulesets = values.rulesets.split(",") as RulesetId[];
for (const r of rulesets) if (!RULESET_IDS.includes(r)) throw new Error(`unknown ruleset ${r}`);

/** A ruleset's positions from DIR if that command made them, else made now and written there. */
function cachedPositions<T>(dir: string, ruleset: RulesetId, made: string, make: () => T): T {
  const file = join(dir, `${ruleset}.json`);
  if (existsSync(file)) {
    // A file cut short (the tool stopped while writing it) is made again, like one of another command.
    try {
      const cached = JSON.parse(readFileSync(file, "utf8")) as { made: string; value: T };
      if (cached.made === made) return cached.value;
    } catch {}
  }
  const value = make();
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ made, value }));
  return value;
}

/** Every 5th game is held out: the losses printed are on positions the fit never saw. */
const held = (game: number) => game % 5 === 4;

// The file's current entries, replaced for the rulesets asked for; "made" records each entry's command.
const terms: Record<string, FittedTerms & { readonly made?: string }> = { ...FITTED_TERMS };
process.stderr.write(
  `| ruleset | positions (fit / held out) | held-out loss: stores | hand-made | fitted | s |${bySearch ? " k |" : ""}\n`,
);
/** The self-play positions of a ruleset with their labels (searched when `--labels search`), and the label scale k. */
function labelledPositions(ruleset: RulesetId): { positions: LabelledPosition[]; k?: number } {
  const positions = selfPlayPositions(ruleset, options);
  if (!bySearch) return { positions };
  installTable(loadOrBuild(tablesDir, ruleset, tablesSeeds).table);
  const sampled = positions.filter((_, i) => i % labelling.every === 0);
  const labelled = searchLabelled(ruleset, sampled, labelling);
  uninstallTable(ruleset);
  return labelled;
}

for (const ruleset of rulesets) {
  const started = performance.now();
  // The labelling is most of the cost and does not depend on the fit: --positions-dir keeps each
  // ruleset's labelled positions, so that another fit of the same command's positions reads them back
  // (the search labels depend on the terms the expert searches with, so they are part of the key).
  const key = `${positionsCommand} ${JSON.stringify(FITTED_TERMS[ruleset])}`;
  const made = values["positions-dir"]
    ? cachedPositions(values["positions-dir"], ruleset, key, () => labelledPositions(ruleset))
    : labelledPositions(ruleset);
  const positions = made.positions;
  const scale = made.k === undefined ? "" : ` ${made.k.toFixed(3)} |`;
  const fit = positions.filter((p) => !held(p.game));
  const test = positions.filter((p) => held(p.game));
  const { options: fitOptions, command } = fitFor(ruleset);
  const theta = fitParameters(fit, fitOptions);
  const fitted = fitTerms(theta, fitOptions);
  const w = tunedWeights(ruleset);
  const handMade = (p: (typeof positions)[number]) =>
    p.storeDifference + p.own.reduce((s, c, h) => s + houseTerm(c, w) - houseTerm(p.opponent[h], w), 0) / SCALE;
  const stores = (p: (typeof positions)[number]) => p.storeDifference;
  const kHand = fitScale(fit, handMade);
  const kStores = fitScale(fit, stores);
  const losses = [
    logLoss(test, (p) => kStores * stores(p)),
    logLoss(test, (p) => kHand * handMade(p)),
    logLoss(test, fittedLogit(theta, fitOptions)),
  ].map((x) => x.toFixed(4));
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stderr.write(
    `| ${ruleset} | ${fit.length} / ${test.length} | ${losses.join(" | ")} | ${seconds} |${scale}\n`,
  );
  terms[ruleset] = { ...fitted, made: command };
}
const header = `/**
 * Generated by \`npm run -s tune\` (src/bin/tune.ts; each ruleset's own command is its "made"): do not edit.
 * Per ruleset, the fitted evaluation terms in search units (evaluate.ts, FittedTerms).
 */
import type { RulesetId } from "../engine/internal.ts";
import type { FittedTerms } from "./evaluate.ts";

`;
// One JSON string (parsed at load), which the formatter leaves as it is, as in book-data.ts.
const ordered = Object.fromEntries(RULESET_IDS.filter((r) => terms[r]).map((r) => [r, terms[r]]));
writeFileSync(
  values.out,
  `${header}export const FITTED_TERMS: Readonly<Record<RulesetId, FittedTerms>> = JSON.parse(\n  '${JSON.stringify(ordered)}',\n);\n`,
);
