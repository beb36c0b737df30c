/**
 * A bounded piscina pool of search threads: thinking never runs on the caller's event loop.
 * Default one thread (the 2-core machine also serves Discord and renders) and a queue of 16: a request
 * beyond threads + queue is refused at once (AiQueueFullError) rather than waiting unbounded. The bound
 * is counted here, over the requests not yet answered, because piscina's own maxQueue also counts the
 * capacity of threads still starting, which makes it vary.
 *
 * The budget between lanes, as in the render pool (src/workers/pool.ts, the same LaneQueue): Nickar's
 * own moves, draw answers and analyses are the `bot` lane; a hint a person asked for is the `people`
 * lane. While both wait, at most one search in `botShare + 1` is a bot one, and each lane has its own
 * bound, so a burst of games against Nickar can neither delay a person's hint behind its queue nor
 * fill the queue and have the hint refused. The threads also run below normal priority, like the
 * render threads: on a busy machine the bot's main thread (every interaction) gets the CPU first.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { RULESET_IDS, type RulesetId } from "../engine/internal.ts";
import { type Lane, LaneQueue, withLane } from "../workers/pool.ts";
import type { WorkerPriority } from "../workers/priority.ts";
import { checkTableFile, seedsFor, type TableReport } from "./endgame-file.ts";
import type { ThinkRequest, ThinkResult } from "./types.ts";
import type { EndgameOptions, EndgameTask, ThinkTask } from "./worker.ts";

export type { EndgameOptions, Lane, TableReport };

export interface AiPool {
  /**
   * Rejects with the signal's reason as soon as it aborts; the search then stops within a few
   * milliseconds. `lane` (default "bot"): "people" for a search a person waits for (a hint).
   */
  think(request: ThinkRequest, options?: { signal?: AbortSignal; lane?: Lane }): Promise<ThinkResult>;
  /**
   * Runs another worker module's task on the same threads and lanes (`file`: its URL; piscina loads it
   * in the thread beside the search): the puzzles' mining runs here, in the bot lane, so that it waits
   * its turn behind Nickar's moves instead of taking a core of its own.
   */
  runTask<T, R>(file: string, task: T, lane?: Lane): Promise<R>;
  /** Tasks waiting for a thread (for metrics and fairness). */
  readonly queued: number;
  /** Tasks waiting for a thread, by lane. */
  queuedByLane(): Record<Lane, number>;
  /** Worker threads at most. */
  readonly threads: number;
  /** Worker threads running now: each starts with the first task that needs it. */
  readonly liveThreads: number;
  /**
   * Checks the endgame tables' files (the pool's `endgame` option) and builds those missing or
   * damaged, one ruleset after another as tasks of the bot lane, reporting each; resolves when all
   * are ready. Meanwhile the search plays without them; each thread reads a table's file at its next
   * search of that ruleset once it exists. `rulesets` (default all): only these (the engine tool
   * prepares each ruleset at its first search). Optional, so that stand-ins written before it stay valid.
   */
  prepareEndgames?(onTable?: (report: TableReport) => void, rulesets?: readonly RulesetId[]): Promise<TableReport[]>;
  close(): Promise<void>;
}

export interface AiPoolOptions {
  readonly threads?: number;
  /** Waiting requests per lane before new ones are refused (default 16). */
  readonly maxQueue?: number;
  /** Of every botShare + 1 searches started while both lanes wait, one is a bot one (default 3). */
  readonly botShare?: number;
  /** Endgame tables: their folder and seeds (none when omitted or 0 seeds). */
  readonly endgame?: EndgameOptions;
  /** The search threads' priority (default low: below the main thread; src/workers/priority.ts). */
  readonly priority?: WorkerPriority;
}

/**
 * Run from TypeScript sources (tsx, vitest) the worker is worker.ts, and the thread needs tsx's loader
 * (a tsx process passes it on in execArgv; vitest does not); run from a build it is worker.js.
 */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const filename = new URL(fromSource ? "./worker.ts" : "./worker.js", import.meta.url).href;
  if (!fromSource || process.execArgv.some((arg) => arg.includes("tsx")))
    return { filename, execArgv: process.execArgv };
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename, execArgv: [...process.execArgv, "--import", loader] };
}

export class AiQueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`the search queue is full (${limit} requests in progress or waiting)`);
    this.name = "AiQueueFullError";
  }
}

export function createAiPool(options: AiPoolOptions = {}): AiPool {
  const threads = options.threads ?? 1;
  const { filename, execArgv } = workerFile();
  const queue = new LaneQueue(Math.max(1, options.botShare ?? 3));
  // Two kinds of task: a search (the default export) and an endgame table (endgameTask, by name).
  const pool = new Piscina<ThinkTask | EndgameTask, ThinkResult | TableReport>({
    filename,
    execArgv,
    workerData: { priority: options.priority ?? "low" },
    // Started by the first search: a bot whose Nickar never plays or analyses holds no search thread.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    taskQueue: queue,
    // A task taken from the queue that no thread can run yet goes back to its place, not to the end.
    stricterFIFO: true,
  });
  const limit = threads + (options.maxQueue ?? 16);
  const unanswered: Record<Lane, number> = { people: 0, bot: 0 };
  const settle = <T>(lane: Lane, promise: Promise<T>): Promise<T> => {
    unanswered[lane]++;
    return promise.finally(() => unanswered[lane]--);
  };
  return {
    think(request, { signal, lane = "bot" } = {}) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (unanswered[lane] >= limit) return Promise.reject(new AiQueueFullError(limit));
      return settle(lane, run(request, signal, lane));
    },
    runTask<T, R>(file: string, task: T, lane: Lane = "bot"): Promise<R> {
      if (unanswered[lane] >= limit) return Promise.reject(new AiQueueFullError(limit));
      return settle(
        lane,
        (pool as unknown as Piscina<T & object, R>).run(withLane(task as T & object, lane), { filename: file }),
      );
    },
    get queued() {
      return queue.size;
    },
    queuedByLane: () => ({ people: queue.sizeOf("people"), bot: queue.sizeOf("bot") }),
    threads,
    get liveThreads() {
      return pool.threads.length;
    },
    close: () => pool.close({ force: true }),
    async prepareEndgames(onTable, rulesets = RULESET_IDS) {
      const endgame = options.endgame;
      const reports: TableReport[] = [];
      if (!endgame) return reports;
      for (const ruleset of rulesets) {
        const seeds = seedsFor(endgame, ruleset);
        if (seeds <= 0) continue;
        // A sound file is only checked here, on this thread (about 20 ms a file at 10 seeds, one file
        // a turn of the event loop): the search thread reads it at its first search of the ruleset.
        // Only a missing or damaged one takes a thread now, to be built.
        await new Promise((resolve) => setImmediate(resolve));
        const checked = checkTableFile(endgame.dir, ruleset, seeds);
        if ("report" in checked) {
          reports.push(checked.report);
          onTable?.(checked.report);
          continue;
        }
        const task: EndgameTask = { dir: endgame.dir, seeds, ruleset };
        const report = (await pool.run(withLane(task, "bot"), { name: "endgameTask" })) as TableReport;
        reports.push(report);
        onTable?.(report);
      }
      return reports;
    },
  };

  function run(request: ThinkRequest, signal: AbortSignal | undefined, lane: Lane): Promise<ThinkResult> {
    const shared = new SharedArrayBuffer(8);
    const task = pool.run(withLane({ request, flags: shared, endgame: options.endgame }, lane)) as Promise<ThinkResult>;
    if (!signal) return task;
    // Stopped through the shared flag, not piscina's signal: that would terminate a running thread
    // mid-search, and piscina keeps tasks that carry a signal out of the lane queue. A task still
    // waiting sees the flag when it starts and ends after its first ply, in a few milliseconds.
    return new Promise<ThinkResult>((resolve, reject) => {
      const onAbort = () => {
        Atomics.store(new Int32Array(shared), 0, 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      task.then(
        (result) => {
          signal.removeEventListener("abort", onAbort);
          resolve(result);
        },
        (error) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }
}
