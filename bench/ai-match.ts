/**
 * bench:ai's match against the previous release (issue 36): an expert with some parts (A) against one
 * without them (B), at equal wall-clock time a move, two games at once (one piscina thread each, both
 * cores: each thread plays one pair's two games in turn), stopped by a sequential probability ratio test (bench/sprt.ts) as soon as it accepts H0 (A is
 * at most elo0 better: drop the change) or H1 (at least elo1 better: keep it) at the stated error rates,
 * or at --max-pairs or --max-minutes without a verdict. Each opening (two random plies, going round the
 * chosen rulesets) is played twice, A with each colour; the pair is the test's unit (pentanomial).
 */
import { loadavg } from "node:os";
import { Piscina } from "piscina";
import { loadOrBuild, seedsFor } from "../src/ai/endgame-file.ts";
import type { FittedTerms } from "../src/ai/evaluate.ts";
import { CoreGame } from "../src/engine/core.ts";
import { START_POSITION } from "../src/engine/notation.ts";
import { seededRandom } from "../src/engine/random.ts";
import type { RulesetId } from "../src/engine/types.ts";
import type { GameResult, GameTask, MatchTables, Part } from "./ai-game.ts";
import { eloInterval, type SprtSettings, type SprtState, sprt } from "./sprt.ts";

export interface MatchOptions {
  readonly rulesets: readonly RulesetId[];
  readonly partsA: readonly Part[];
  readonly partsB: readonly Part[];
  readonly ms: number;
  /** Given: a node budget a move instead of `ms` (GameTask.nodes). */
  readonly nodes?: number;
  readonly seed: number;
  readonly sprt: SprtSettings;
  /** Stop without a verdict after this many pairs or minutes (a shared machine: keep matches short). */
  readonly maxPairs: number;
  readonly maxMinutes: number;
  /** Games at once (default 2: the machine's two cores). */
  readonly threads: number;
  /** The tables' folder and size; `seedsB`: B's size when it differs (GameTask.tables). */
  readonly tables: MatchTables;
  /** Given: A's fitted terms per ruleset instead of the committed ones (GameTask.fittedTermsA). */
  readonly fittedTermsA?: Readonly<Record<RulesetId, FittedTerms>>;
}

/** A two-ply random opening that does not end the game. */
export function randomOpening(ruleset: RulesetId, rand: () => number): number[] {
  for (;;) {
    const game = CoreGame.fromPosition(ruleset, START_POSITION);
    const moves: number[] = [];
    while (moves.length < 2 && !game.over) {
      const legal = game.legalHouses();
      const house = legal[Math.floor(rand() * legal.length)];
      game.play(house);
      moves.push(house);
    }
    if (!game.over) return moves;
  }
}

/** Losses, draws, wins of single games and the five pair scores (0 to 2 points in half points). */
interface Tally {
  readonly games: [number, number, number];
  readonly pairs: [number, number, number, number, number];
}
const newTally = (): Tally => ({ games: [0, 0, 0], pairs: [0, 0, 0, 0, 0] });

function addPair(t: Tally, a: GameResult, b: GameResult): void {
  for (const g of [a, b]) t.games[g.points * 2]++;
  t.pairs[(a.points + b.points) * 2]++;
}

const signed = (x: number) =>
  !Number.isFinite(x) || Math.abs(x) > 1200 ? (x > 0 ? "> +1200" : "< -1200") : `${x >= 0 ? "+" : ""}${Math.round(x)}`;

/** Score %, Elo [95%], W/D/L, pentanomial counts. */
function describe(t: Tally): string {
  const e = eloInterval(t.pairs);
  const [l, d, w] = t.games;
  return `${w + l + d} | ${(100 * e.score).toFixed(1)}% | ${signed(e.elo)} [${signed(e.low)}, ${signed(e.high)}] | ${w}/${d}/${l} | ${t.pairs.join(", ")}`;
}

function describeState(s: SprtState): string {
  const verdict = s.verdict === "H1" ? "**H1 accepted**" : s.verdict === "H0" ? "**H0 accepted**" : "no verdict";
  return `${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] | ${verdict}`;
}

/** Builds (or reads) the tables the games need, reporting each, so that the game threads only read them. */
function prepareTables(options: MatchOptions): void {
  const { dir, seedsB } = options.tables;
  console.log(`Endgame tables${seedsB === undefined ? "" : `, B's of ${seedsB} seeds`} (${dir})\n`);
  console.log("| ruleset | seeds | built or read | time | file | exact boards |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const ruleset of options.rulesets)
    for (const seeds of new Set([seedsFor(options.tables, ruleset), seedsB ?? seedsFor(options.tables, ruleset)])) {
      const { report } = loadOrBuild(dir, ruleset, seeds);
      const exact = ((100 * report.exact) / report.boards).toFixed(1);
      const how = report.built ? "built" : "read";
      const mb = (report.bytes / 1e6).toFixed(1);
      console.log(`| ${ruleset} | ${seeds} | ${how} | ${(report.ms / 1000).toFixed(1)} s | ${mb} MB | ${exact}% |`);
    }
  console.log("");
}

export async function sprtMatch(options: MatchOptions): Promise<SprtState> {
  const usesTables = options.partsA.includes("tables") || options.partsB.includes("tables");
  if (usesTables) prepareTables(options);
  const { elo0, elo1, alpha, beta } = options.sprt;
  const parts = (list: readonly Part[]) => (list.length === 0 ? "none" : list.join("+"));
  const budget = options.nodes === undefined ? `${options.ms} ms` : `${options.nodes} nodes`;
  if (options.fittedTermsA) console.log("A's fitted terms: the candidate file of --eval-a\n");
  console.log(
    `Against the previous release: expert with ${parts(options.partsA)} (A) vs expert with ${parts(options.partsB)} (B), ${budget} a move each, ${options.threads} games at once, rulesets ${options.rulesets.join(", ")}; SPRT elo0 ${elo0}, elo1 ${elo1}, alpha ${alpha}, beta ${beta} on game pairs; at most ${options.maxPairs} pairs or ${options.maxMinutes} minutes\n`,
  );
  const startLoad = loadavg()[0].toFixed(2);
  const pool = new Piscina<GameTask, GameResult>({
    filename: new URL("./ai-game.ts", import.meta.url).href,
    execArgv: process.execArgv,
    minThreads: options.threads,
    maxThreads: options.threads,
  });
  const rand = seededRandom(options.seed * 104729 + 17);
  const total = newTally();
  const perRuleset = new Map<RulesetId, Tally>(options.rulesets.map((r) => [r, newTally()]));
  let probes = 0;
  let proofs = 0;
  let capped = 0;
  let state = sprt(total.pairs, options.sprt);
  /** A's losses, draws and wins with South (first) and with North (the issue's "North side"). */
  const byColour: [number, number, number][] = [
    [0, 0, 0],
    [0, 0, 0],
  ];
  const started = performance.now();
  const overTime = () => performance.now() - started > options.maxMinutes * 60_000;
  let nextPair = 0;
  const stopped = () => state.verdict !== null || nextPair >= options.maxPairs || overTime();

  /**
   * Plays pairs one after another, each pair's two games in turn, until the test or a limit stops the
   * match: with one lane per thread, every core plays a game all the time. The k-th pair always gets the
   * k-th opening (drawn synchronously as it is taken), whichever lane takes it.
   */
  async function lane(): Promise<void> {
    while (!stopped()) {
      const ruleset = options.rulesets[nextPair % options.rulesets.length];
      nextPair++;
      const opening = randomOpening(ruleset, rand);
      const task = {
        ruleset,
        opening,
        partsA: options.partsA,
        partsB: options.partsB,
        ms: options.ms,
        nodes: options.nodes,
        fittedTermsA: options.fittedTermsA?.[ruleset],
      };
      const south = await pool.run({ ...task, aIsSouth: true, tables: options.tables });
      const north = await pool.run({ ...task, aIsSouth: false, tables: options.tables });
      if (state.verdict !== null) return; // decided meanwhile by another lane: not counted
      for (const g of [south, north]) {
        probes += g.probes;
        proofs += g.proofs;
        if (g.capped) capped++;
      }
      addPair(total, south, north);
      for (const [i, g] of [south, north].entries()) byColour[i][g.points * 2]++;
      addPair(perRuleset.get(ruleset) as Tally, south, north);
      state = sprt(total.pairs, options.sprt);
      const pairs = total.pairs.reduce((a, b) => a + b, 0);
      if (pairs % 10 === 0)
        process.stderr.write(`${pairs} pairs: LLR ${state.llr.toFixed(2)}, pairs ${total.pairs.join(" ")}\n`);
    }
  }
  await Promise.all(Array.from({ length: options.threads }, lane));
  await pool.destroy();

  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const share = probes === 0 ? "-" : `${((100 * proofs) / probes).toFixed(1)}%`;
  console.log(
    "| rulesets | games | score of A | Elo difference [95%] | W/D/L | pairs 0-½-1-1½-2 | LLR [bounds] | verdict |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  if (options.rulesets.length > 1) {
    for (const [ruleset, t] of perRuleset)
      if (t.games.some((n) => n > 0)) console.log(`| ${ruleset} | ${describe(t)} | | |`);
  }
  console.log(`| **${options.rulesets.join(", ")}** | ${describe(total)} | ${describeState(state)} |`);
  const colour = (name: string, [l, d, w]: [number, number, number]) =>
    `${name} ${w}/${d}/${l} (${((100 * (w + d / 2)) / Math.max(1, w + d + l)).toFixed(1)}%)`;
  console.log(`\nA with ${colour("South", byColour[0])}, with ${colour("North", byColour[1])}`);
  console.log(
    `\n${minutes} min; A's table look-ups ${probes} (decided ${share}); games capped at the ply limit: ${capped}; load average ${startLoad} → ${loadavg()[0].toFixed(2)}\n`,
  );
  return state;
}
