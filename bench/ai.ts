/**
 * `npm run bench:ai`: the computer opponent's strength and speed (issue 9).
 *
 * Strength: matches between levels and against a random and a one-ply greedy player, in each ruleset,
 * from varied openings (the first two plies drawn at random, each opening played twice with colours
 * swapped), at an equal short time per move (--ms, default 50: 1.5 s a move would take days). Score
 * percentage and Elo difference with a 95% interval.
 * Speed: nodes per second on this thread and the depth completed in 1 s (--speed-ms) from the start and
 * from a midgame, in abapa and haiti, per second of wall-clock time and per second of this process's CPU
 * time (on a loaded machine the first drops with the share of the CPU the thread gets, the second much
 * less). A node is a position the search visits: every move it plays on the core, at every depth (there
 * is no quiescence search); the root is not counted.
 * Endgames: how often small endgames are solved exactly within a node budget, and the nodes a proof took
 * (counted in nodes, so the figures do not depend on the machine or its load).
 *
 * The engine tool's expert against the bot's (bench/ai-tool-check.ts): the same positions, seeded at
 * --tool-check-ms (default 100: 100,000 nodes), asked of `npm run -s engine` and of a pool made as the bot
 * makes its own; they must give the same move, score, depth and nodes.
 * Against the previous release (bench/ai-match.ts): an expert with some of this release's parts (A)
 * against one without them (B) at equal wall-clock time a move (--previous-ms, default 50) or at an equal
 * node budget a move (--previous-nodes N: seeded searches, fair whatever the machine's load), two games at
 * once (--threads, default 2), each opening played with both colours, until a sequential probability
 * ratio test (bench/sprt.ts) accepts H0 (Elo --elo0, default 0) or H1 (--elo1, default 15) at error rates
 * --alpha and --beta (default 0.05 each), or --max-pairs (400) or --max-minutes (20) pass without a
 * verdict. One test per ruleset group (the rulesets whose tables behave alike: abapa/wari/caribbean,
 * speightstown/bridgetown, haiti; --rulesets picks them). The parts: `tables` (the endgame tables),
 * `book` (opens from the opening book, as Nickar's own moves do), `eval` (this release's evaluation, else
 * the hand-made terms), `search` (aspiration windows and late-move reductions: this release's expert's; else the plain search of the previous release), `buckets` (the hash
 * table's two-entry buckets, not the expert's), `twofold` (a repetition inside the search ends the line as a cycle: the expert's in wari and caribbean),
 * `cut` (a move from an iteration cut short: the expert's), `quiet` (a quiescence search of captures: not the expert's),
 * `kept` (the hash table kept from the player's previous search of the game: the expert's in speightstown,
 * bridgetown and haiti; timed matches only) and `singular` (singular extensions: not the expert's).
 * --eval-a FILE gives A the fitted terms of FILE (written by `npm run -s tune -- --out FILE`) and B the
 * committed ones (with `eval` in --both-parts: a candidate fit against the current one).
 * --previous-parts lists the parts A has and B lacks (default tables; --previous-book adds book),
 * --both-parts those both sides have; a part in neither list neither side has. With tables,book,eval,search,twofold,cut,kept in
 * --previous-parts, A is this release's expert and B the previous release's. Results per ruleset and per
 * group, with the test's log-likelihood ratio and verdict. Also the tables' read or build time, size and
 * exact share (--tables-seeds, default ENDGAME_SEEDS of the configuration; --tables-seeds-b: B's size, for a
 * match of table sizes with `tables` in --both-parts; --tables-dir), and their use
 * in those games: look-ups at positions reached by a capture, and the share the table decided.
 *
 * Flags: --ms N, --openings N (per ruleset and pairing, default 4), --pairs expert-greedy,hard-medium,...
 * --rulesets abapa,haiti, --skip-matches, --skip-speed, --skip-endgames, --skip-tool-check, --skip-previous, --seed N, --endgame-ms N (the node
 * budget of a position, NODES_PER_MS a millisecond), --endgame-rulesets, --endgame-seeds 8,10, --endgame-tables (the
 * expert searches them with the endgame tables).
 * Everything but the match against the previous release runs on this thread, through the same think()
 * the pool's worker calls.
 */
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installTable, uninstallTable } from "../src/ai/endgame.ts";
import { loadOrBuild, seedsFor, tablesOverridden } from "../src/ai/endgame-file.ts";
import type { FittedTerms } from "../src/ai/evaluate.ts";
import { think } from "../src/ai/think.ts";
import { LEVELS, type Level, NODES_PER_MS } from "../src/ai/types.ts";
import { loadConfig } from "../src/config.ts";
import { CoreGame } from "../src/engine/core.ts";
import { START_POSITION } from "../src/engine/notation.ts";
import { seededRandom } from "../src/engine/random.ts";
import { type Player, RULESET_IDS, type RulesetId } from "../src/engine/types.ts";
import { MAX_PLIES, PARTS, type Part } from "./ai-game.ts";
import { randomOpening, sprtMatch } from "./ai-match.ts";
import { toolCheck } from "./ai-tool-check.ts";

type Contender = Level | "random" | "greedy";

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const has = (name: string) => process.argv.includes(`--${name}`);
/** --tables-seeds: one table size for every ruleset (else the bot's sizes). */
const oneSizeFlag = () => (has("tables-seeds") ? Number(flag("tables-seeds", "10")) : undefined);

const MS = Number(flag("ms", "50"));
const OPENINGS = Number(flag("openings", "4"));
const SEED = Number(flag("seed", "1"));
const SPEED_MS = Number(flag("speed-ms", "1000"));
const RULESETS = flag("rulesets", RULESET_IDS.join(",")).split(",") as RulesetId[];
const PAIRS = flag("pairs", "expert-greedy,expert-hard,hard-medium,medium-easy,easy-random")
  .split(",")
  .map((p) => p.split("-") as [Contender, Contender]);

function pick<T>(list: readonly T[], rand: () => number): T {
  return list[Math.floor(rand() * list.length)];
}

/** The one-ply greedy player: the move that gains the most seeds at once (a win counts most), ties at random. */
function greedyMove(game: CoreGame, rand: () => number): number {
  const mover = game.toMove;
  let best: number[] = [];
  let bestGain = Number.NEGATIVE_INFINITY;
  for (const house of game.legalHouses()) {
    const child = game.clone();
    child.play(house);
    let gain = child.stores[mover] - game.stores[mover];
    if (child.over) gain = child.winner === mover ? 1000 : child.winner === null ? gain : -1000;
    if (gain > bestGain) {
      bestGain = gain;
      best = [house];
    } else if (gain === bestGain) best.push(house);
  }
  return pick(best, rand);
}

function chooseMove(who: Contender, ruleset: RulesetId, game: CoreGame, moves: number[], rand: () => number): number {
  if (who === "random") return pick(game.legalHouses(), rand);
  if (who === "greedy") return greedyMove(game, rand);
  // Unseeded: the time budget is wall-clock, equal for both sides; the easy level's noise is random.
  return think({ ruleset, moves, level: who, ms: MS }).best;
}

/** Plays one game; returns the points of `first` (1, 0.5, 0) and the plies. */
function playGame(
  ruleset: RulesetId,
  opening: number[],
  south: Contender,
  north: Contender,
  rand: () => number,
): { southPoints: number; plies: number; capped: boolean } {
  const game = CoreGame.fromPosition(ruleset, START_POSITION);
  const moves: number[] = [];
  for (const house of opening) {
    game.play(house);
    moves.push(house);
  }
  while (!game.over && moves.length < MAX_PLIES) {
    const who = game.toMove === 0 ? south : north;
    const house = chooseMove(who, ruleset, game, moves, rand);
    if (game.illegalReason(house)) throw new Error(`${who} played an illegal move ${house}`);
    game.play(house);
    moves.push(house);
  }
  const winner: Player | null = game.over ? game.winner : null;
  return { southPoints: winner === null ? 0.5 : winner === 0 ? 1 : 0, plies: moves.length, capped: !game.over };
}

interface Tally {
  points: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  squares: number;
}

function elo(score: number): number {
  const s = Math.min(Math.max(score, 1e-9), 1 - 1e-9);
  return -400 * Math.log10(1 / s - 1);
}

function formatElo(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) > 1200) return value > 0 ? "> +1200" : "< -1200";
  return `${value >= 0 ? "+" : ""}${Math.round(value)}`;
}

/** Score %, Elo and its 95% interval (normal approximation on the per-game points). */
function describeTally(t: Tally): string {
  const mean = t.points / t.games;
  const variance = Math.max(t.squares / t.games - mean * mean, 0);
  const half = 1.96 * Math.sqrt(variance / t.games);
  const low = elo(Math.max(mean - half, 0));
  const high = elo(Math.min(mean + half, 1));
  return `${(100 * mean).toFixed(1)}% | ${formatElo(elo(mean))} [${formatElo(low)}, ${formatElo(high)}] | ${t.wins}/${t.draws}/${t.losses}`;
}

function matches(): void {
  console.log(`Matches: ${MS} ms a move for the searching levels, ${OPENINGS} openings x 2 colours per ruleset\n`);
  console.log("| pairing | ruleset | games | score of the first | Elo difference [95%] | W/D/L |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [a, b] of PAIRS) {
    const total: Tally = { points: 0, games: 0, wins: 0, draws: 0, losses: 0, squares: 0 };
    for (const ruleset of RULESETS) {
      const rand = seededRandom(SEED * 7919 + RULESET_IDS.indexOf(ruleset));
      const t: Tally = { points: 0, games: 0, wins: 0, draws: 0, losses: 0, squares: 0 };
      for (let o = 0; o < OPENINGS; o++) {
        const moves = randomOpening(ruleset, rand);
        for (const aIsSouth of [true, false]) {
          const result = aIsSouth ? playGame(ruleset, moves, a, b, rand) : playGame(ruleset, moves, b, a, rand);
          if (result.capped) console.error(`capped at ${MAX_PLIES} plies: ${ruleset} ${a}-${b}`);
          const p = aIsSouth ? result.southPoints : 1 - result.southPoints;
          for (const tally of [t, total]) {
            tally.points += p;
            tally.squares += p * p;
            tally.games++;
            if (p === 1) tally.wins++;
            else if (p === 0) tally.losses++;
            else tally.draws++;
          }
        }
      }
      console.log(`| ${a} vs ${b} | ${ruleset} | ${t.games} | ${describeTally(t)} |`);
    }
    console.log(`| **${a} vs ${b}** | **all** | ${total.games} | ${describeTally(total)} |`);
  }
  console.log("");
}

/** A midgame: 20 plies of the medium level against itself (deterministic) from the start. */
function midgame(ruleset: RulesetId): number[] {
  const game = CoreGame.fromPosition(ruleset, START_POSITION);
  const moves: number[] = [];
  while (moves.length < 20 && !game.over) {
    const house = think({ ruleset, moves, level: "medium", seed: 1 }).best;
    game.play(house);
    moves.push(house);
  }
  return moves;
}

function speed(): void {
  console.log(`Speed: one thread, ${SPEED_MS} ms a search (after a warm-up search)\n`);
  console.log("| ruleset | position | level | depth | nodes | nodes/s | nodes per CPU-second |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const ruleset of ["abapa", "haiti"] as const) {
    think({ ruleset, moves: [], level: "expert", ms: 300 });
    think({ ruleset, moves: [], level: "hard", ms: 300 });
    const positions: [string, number[]][] = [
      ["start", []],
      ["midgame", midgame(ruleset)],
    ];
    for (const [name, moves] of positions) {
      for (const level of ["hard", "expert"] as const) {
        const cpuBefore = process.cpuUsage();
        const r = think({ ruleset, moves, level, ms: SPEED_MS });
        const cpu = process.cpuUsage(cpuBefore);
        const rate = (r.nodes / (r.ms / 1000) / 1e6).toFixed(2);
        const cpuRate = (r.nodes / ((cpu.user + cpu.system) / 1e6) / 1e6).toFixed(2);
        const where = name === "midgame" ? `midgame (${moves.join("")})` : name;
        console.log(`| ${ruleset} | ${where} | ${level} | ${r.depth} | ${r.nodes} | ${rate} M | ${cpuRate} M |`);
      }
    }
  }
  console.log("");
}

/** Random positions with `seeds` on the board (stores split at random below 25), player to move with a move. */
function endgamePositions(ruleset: RulesetId, seeds: number, count: number, rand: () => number): CoreGame[] {
  const list: CoreGame[] = [];
  while (list.length < count) {
    const pits = Array<number>(12).fill(0);
    for (let i = 0; i < seeds; i++) pits[Math.floor(rand() * 12)]++;
    const rest = 48 - seeds;
    const south = Math.max(rest - 24, Math.min(24, Math.floor(rand() * (rest + 1))));
    const game = CoreGame.fromPosition(ruleset, { pits, stores: [south, rest - south], toMove: 0 });
    if (!game.over) list.push(game);
  }
  return list;
}

function endgames(): void {
  // Seeded, so the budget is in nodes (NODES_PER_MS a millisecond): the same figures on any machine.
  const budget = Number(flag("endgame-ms", "3000"));
  const rulesets = flag("endgame-rulesets", "abapa,speightstown,wari,haiti").split(",") as RulesetId[];
  const sizes = flag("endgame-seeds", "8,10,12,14").split(",").map(Number);
  // With --endgame-tables the expert searches with the endgame tables (--tables-seeds, --tables-dir).
  const withTables = has("endgame-tables");
  if (withTables) {
    const config = loadConfig();
    const options = tablesOverridden(config.computer.endgame, undefined, oneSizeFlag());
    for (const ruleset of rulesets)
      installTable(loadOrBuild(flag("tables-dir", options.dir), ruleset, seedsFor(options, ruleset)).table);
  }
  console.log(
    `Endgames: expert${withTables ? " with endgame tables" : ""}, ${budget * NODES_PER_MS} nodes a position, 20 random positions per row (stores split at random): share proven, nodes of the median and 75th-percentile proof\n`,
  );
  console.log("| ruleset | seeds on the board | proven | median nodes to proof | 75th percentile | median depth |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const ruleset of rulesets) {
    for (const seeds of sizes) {
      const rand = seededRandom(SEED + seeds);
      const results = endgamePositions(ruleset, seeds, 20, rand).map((game) =>
        think({ ruleset, start: game.position(), moves: [], level: "expert", ms: budget, seed: SEED }),
      );
      const sorted = (xs: number[]) => xs.sort((x, y) => x - y);
      const proofs = sorted(results.map((r) => (r.proven ? r.nodes : Number.POSITIVE_INFINITY)));
      const show = (n: number) => (Number.isFinite(n) ? String(n) : "not proven");
      const proven = results.filter((r) => r.proven).length;
      const depth = sorted(results.map((r) => r.depth))[10];
      console.log(
        `| ${ruleset} | ${seeds} | ${proven}/${results.length} | ${show(proofs[10])} | ${show(proofs[15])} | ${depth} |`,
      );
    }
  }
  console.log("");
  uninstallTable();
}

const load = loadavg()
  .map((x) => x.toFixed(2))
  .join(", ");
console.log(`bench:ai (Node ${process.version}; levels: ${LEVELS.join(", ")}; load average at the start ${load})\n`);
if (!has("skip-speed")) speed();
if (!has("skip-endgames")) endgames();
// Not the same player: the run goes on, and exits with 1 at the end.
if (!has("skip-tool-check") && !(await toolCheck(RULESETS, Number(flag("tool-check-ms", "100")), SEED))) {
  process.exitCode = 1;
}
if (!has("skip-previous")) await previousRelease();
if (!has("skip-matches")) matches();

/** The SPRT match against the previous release, one per group of rulesets whose tables behave alike. */
async function previousRelease(): Promise<void> {
  const config = loadConfig();
  const onlyA = partsFlag("previous-parts", has("previous-book") ? "tables,book" : "tables");
  const both = partsFlag("both-parts", "");
  const groups = [["abapa", "wari", "caribbean"], ["speightstown", "bridgetown"], ["haiti"]]
    .map((group) => group.filter((ruleset) => RULESETS.includes(ruleset as RulesetId)) as RulesetId[])
    .filter((group) => group.length > 0);
  for (const rulesets of groups) {
    await sprtMatch({
      rulesets,
      partsA: [...new Set([...onlyA, ...both])],
      partsB: both.filter((part) => !onlyA.includes(part)),
      ms: Number(flag("previous-ms", "50")),
      ...(has("previous-nodes") && { nodes: Number(flag("previous-nodes", "100000")) }),
      seed: SEED,
      sprt: {
        elo0: Number(flag("elo0", "0")),
        elo1: Number(flag("elo1", "15")),
        alpha: Number(flag("alpha", "0.05")),
        beta: Number(flag("beta", "0.05")),
      },
      maxPairs: Number(flag("max-pairs", "400")),
      maxMinutes: Number(flag("max-minutes", "20")),
      threads: Number(flag("threads", "2")),
      ...(has("eval-a") && { fittedTermsA: await candidateTerms(flag("eval-a", "")) }),
      tables: {
        // The bot's sizes per ruleset, unless --tables-seeds gives one for all.
        ...tablesOverridden(config.computer.endgame, flag("tables-dir", config.computer.endgame.dir), oneSizeFlag()),
        ...(has("tables-seeds-b") && { seedsB: Number(flag("tables-seeds-b", "10")) }),
      },
    });
  }
}

/** A's fitted terms: FITTED_TERMS of a file written by `npm run -s tune -- --out FILE` (a candidate fit). */
async function candidateTerms(file: string): Promise<Readonly<Record<RulesetId, FittedTerms>>> {
  const module = await import(pathToFileURL(resolve(file)).href);
  return module.FITTED_TERMS;
}

function partsFlag(name: string, fallback: string): Part[] {
  const list = flag(name, fallback)
    .split(",")
    .filter((x) => x !== "" && x !== "none");
  for (const part of list) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`unknown part ${part}`);
  return list as Part[];
}
