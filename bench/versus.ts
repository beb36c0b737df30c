/**
 * `npm run bench:versus -- --engine "<command>" --ms 500 [--openings 12] [--concurrency 1|2] [--seed N]
 * [--repetition stop|nickar] [--search-repetition third|second] [--from K] [--out FILE]`, or `npm run bench:versus -- --report FILE...`:
 * Nickar's expert, as the bot plays it, against an external Oware engine that speaks Aalina's adapted UCI
 * (bench/versus-engine.ts), in abapa (docs/engine.md, "Against another engine").
 *
 * Nickar's side is the bot's own: a search pool made as the bot makes it (createAiPool with the endgame
 * tables of the configuration, ENDGAME_SEEDS's size for abapa, in --tables-dir; --tables-seeds N: N seeds) asked what Computer.move asks it (level
 * expert, the whole move list, the opening book), at --ms a move. One thing differs, for fairness: the
 * pool's thread runs at normal priority (AiPoolOptions.priority, as WORKER_PRIORITY=normal), as the
 * external engine runs; the report prints the priority it got (bench/versus-priority.ts).
 * Both sides get the same fixed wall-clock time a move (`go movetime`), and each waits while the other
 * thinks. --openings distinct two-ply openings drawn from --seed, each played once with each colour;
 * --concurrency games at once (each with its own pool thread and engine process; 1 on a loaded machine).
 * Every external move is checked by Nickar's engine: an illegal move, a crash or a disagreement on the
 * rules is reported with its game and not scored, and the engine is restarted for the next game.
 * --repetition stop (default) stops a game at a position's second occurrence, where Aalina's rules end it;
 * --repetition nickar plays on to Nickar's third (bench/versus-game.ts says how).
 * --search-repetition sets where Nickar's search ends a line at a repetition (ExpertParts.repetition:
 * `second` is SearchConfig.twofold, the expert's in wari and caribbean but not abapa; `third` the rules' occurrence) instead of the expert's own.
 * --from K skips the seed's first K openings and --out FILE appends each game as a JSON line as it ends,
 * so that one match can be split over several runs; --report FILE... prints the report of such files.
 * The report ends with where the games met the endgame table and the table's verdict there
 * (bench/versus-endgames.ts), read from the same --tables-dir and --tables-seeds; with --entry-scores MS,
 * also Nickar's expert's score where the bounds were open and 20 plies before (bench/versus-entry-scores.ts).
 */
import { appendFileSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { type EndgameOptions, readTable, seedsFor, tablesOverridden } from "../src/ai/endgame-file.ts";
import { type AiPool, createAiPool } from "../src/ai/pool.ts";
import type { ThinkResult } from "../src/ai/types.ts";
import { loadConfig } from "../src/config.ts";
import { tableEntryLines } from "./versus-endgames.ts";
import { UciEngine } from "./versus-engine.ts";
import { entryScoreLines, entryScores } from "./versus-entry-scores.ts";
import {
  type NickarPlayer,
  playVersusGame,
  type VersusResult,
  type VersusTask,
  versusOpenings,
} from "./versus-game.ts";
import { gameRows, summarize, summaryLines } from "./versus-report.ts";
import type { VersusThinkTask } from "./versus-think.ts";

function flag(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

const VERSUS_THINK = new URL("./versus-think.ts", import.meta.url).href;

/** One lane: a pool thread and an engine process, playing tasks one after another. */
class Lane {
  private engine: UciEngine | null = null;
  priority = Number.NaN;

  constructor(
    private readonly pool: AiPool,
    private readonly command: string,
    private readonly ms: number,
    private readonly searchRepetition: VersusThinkTask["repetition"] | null,
  ) {}

  /** Warms both sides (V8's and the JVM's compilers) and reads the pool's thread's priority. */
  async start(): Promise<string> {
    await this.pool.think({ ruleset: "abapa", moves: [3, 3, 1, 4], level: "expert", ms: 300 });
    this.priority = await this.pool.runTask<object, number>(new URL("./versus-priority.ts", import.meta.url).href, {});
    return (await this.engineUp()).name;
  }

  private async engineUp(): Promise<UciEngine> {
    if (this.engine) return this.engine;
    const engine = await UciEngine.start(this.command);
    // Past the book (about a second of the JVM's compiler): its first game is not played cold.
    await engine.newGame("south");
    await engine.bestMove("CfAdFb", 1000);
    this.engine = engine;
    return engine;
  }

  async play(task: VersusTask): Promise<VersusResult> {
    const nickar: NickarPlayer = async (moves) => {
      const request = { ruleset: "abapa", moves, level: "expert", book: true, ms: this.ms } as const;
      if (this.searchRepetition === null) return (await this.pool.think(request)).best;
      const task: VersusThinkTask = { request, repetition: this.searchRepetition };
      return (await this.pool.runTask<VersusThinkTask, ThinkResult>(VERSUS_THINK, task)).best;
    };
    const result = await playVersusGame(task, nickar, await this.engineUp());
    if (result.kind !== "scored") {
      // Whatever state it is in, the next game starts with a fresh process.
      this.engine?.close();
      this.engine = null;
    }
    return result;
  }

  async close(): Promise<void> {
    this.engine?.close();
    await this.pool.close();
  }
}

/** The bot's table sizes (ENDGAME_SEEDS, per ruleset) in its folder, unless --tables-dir or --tables-seeds say otherwise. */
function endgameOptions(): EndgameOptions {
  const config = loadConfig();
  const dir = flag("tables-dir", config.computer.endgame.dir);
  const oneSize = process.argv.includes("--tables-seeds") ? Number(flag("tables-seeds")) : undefined;
  return tablesOverridden(config.computer.endgame, dir, oneSize);
}

/** --entry-scores MS, checked before a match or a report starts rather than after it. */
function entryScoresMs(): number | null {
  const at = process.argv.indexOf("--entry-scores");
  if (at < 0) return null;
  const ms = Number(process.argv[at + 1]);
  if (!(ms > 0)) throw new Error("--entry-scores takes a search's milliseconds, a positive number");
  return ms;
}

async function main(): Promise<void> {
  entryScoresMs();
  const command = flag("engine");
  const ms = Number(flag("ms", "500"));
  const count = Number(flag("openings", "12"));
  const concurrency = Math.max(1, Number(flag("concurrency", "1")));
  const seed = Number(flag("seed", "1"));
  const endgame = endgameOptions();
  const from = Number(flag("from", "0"));
  const repetition = flag("repetition", "stop");
  if (repetition !== "stop" && repetition !== "nickar") throw new Error("--repetition is stop or nickar");
  const searchRepetition = process.argv.includes("--search-repetition") ? flag("search-repetition") : null;
  if (searchRepetition !== null && searchRepetition !== "third" && searchRepetition !== "second")
    throw new Error("--search-repetition is third or second");
  const out = process.argv.includes("--out") ? flag("out") : null;
  const openings = versusOpenings(from + count, seed).slice(from);
  const tasks: VersusTask[] = openings.flatMap((opening) => [
    { opening, nickarIsSouth: true, ms, repetition },
    { opening, nickarIsSouth: false, ms, repetition },
  ]);

  const startLoad = loadavg().map((x) => x.toFixed(2));
  const started = performance.now();
  const pools = Array.from({ length: concurrency }, () =>
    createAiPool({ threads: 1, endgame, maxQueue: 1, priority: "normal" }),
  );
  const [tables] = (await pools[0].prepareEndgames?.(undefined, ["abapa"])) ?? [];
  const lanes = pools.map((pool) => new Lane(pool, command, ms, searchRepetition));
  const names = await Promise.all(lanes.map((lane) => lane.start()));
  console.log(
    `Nickar's expert (opening book; endgame tables of ${seedsFor(endgame, "abapa")} seeds, ${tables ? `${tables.built ? "built" : "read"} in ${(tables.ms / 1000).toFixed(1)} s` : "none"}) against ${names[0]} (\`${command}\`), abapa, ${ms} ms a move each (fixed time a move), ${openings.length} openings × 2 colours (seed ${seed}; a repeated position ends the game at its ${repetition === "stop" ? "second" : "third"} occurrence${from > 0 ? `, from opening ${from + 1}` : ""}${searchRepetition ? `; Nickar's search ends a line at a repetition's ${searchRepetition} occurrence` : ""}), ${concurrency} game(s) at once; search threads at priority ${lanes.map((l) => l.priority).join(", ")}; load average ${startLoad.join(" ")}\n`,
  );

  const results: VersusResult[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      while (next < tasks.length) {
        const i = next++;
        const r = await lane.play(tasks[i]);
        results[i] = r;
        if (out !== null) appendFileSync(out, `${JSON.stringify(r)}\n`);
        const what =
          r.kind === "scored"
            ? `${r.points === 1 ? "win" : r.points === 0 ? "loss" : "draw"} ${r.margin >= 0 ? "+" : ""}${r.margin} (${r.reason})`
            : `${r.kind}: ${r.detail}`;
        process.stderr.write(
          `game ${i + 1}/${tasks.length} (Nickar ${tasks[i].nickarIsSouth ? "South" : "North"}, ${r.plies} plies): ${what}\n`,
        );
      }
    }),
  );
  await Promise.all(lanes.map((lane) => lane.close()));

  report(results, endgame);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(
    `${minutes} min; load average at the start ${startLoad.join(" ")}, at the end ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
}

function report(results: readonly VersusResult[], endgame: EndgameOptions): void {
  for (const line of gameRows(results)) console.log(line);
  console.log("");
  for (const line of summaryLines(summarize(results), results)) console.log(line);
  console.log("");
  const seeds = seedsFor(endgame, "abapa");
  const read = seeds > 0 ? readTable(endgame.dir, "abapa", seeds) : { problem: "no tables" };
  if ("table" in read) for (const line of tableEntryLines(results, read.table)) console.log(line);
  else console.log(`Where the games met the endgame table: not told (${read.problem} in ${endgame.dir}).`);
  const ms = entryScoresMs();
  if ("table" in read && ms !== null) {
    console.log("");
    for (const line of entryScoreLines(entryScores(results, read.table, ms), ms)) console.log(line);
  }
}

const reportAt = process.argv.indexOf("--report");
if (reportAt >= 0) {
  // The files run up to the next flag (--tables-dir DIR may follow them).
  const rest = process.argv.slice(reportAt + 1);
  const flagAt = rest.findIndex((arg) => arg.startsWith("--"));
  const files = flagAt < 0 ? rest : rest.slice(0, flagAt);
  entryScoresMs();
  report(
    files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as VersusResult),
    ),
    endgameOptions(),
  );
} else await main();
