/**
 * A bounded worker pool (piscina) for CPU-heavy tasks, with two lanes sharing one budget: games
 * between people and games against the computer. When both lanes wait, at most one task in
 * `botShare + 1` comes from the bot lane, so a burst of bot games cannot starve games between people,
 * and either lane has the whole pool when the other is idle. The queue is bounded: past `maxQueue`
 * waiting tasks, a task is refused at once (PoolFullError) instead of piling up memory and latency.
 */
import { availableParallelism, totalmem } from "node:os";
import { Piscina, type PiscinaTask, type TaskQueue } from "piscina";
import { mainThreadIdle } from "./idle-collect.ts";
import type { WorkerPriority } from "./priority.ts";

export type Lane = "people" | "bot";

export interface PoolOptions {
  /** The task module (a file URL); its default export runs each task. */
  readonly module: URL;
  /** Worker threads, each started when a task first needs it (default: defaultThreads()). */
  readonly threads?: number;
  /** Waiting tasks before new ones are refused (default 1000). */
  readonly maxQueue?: number;
  /** Of every botShare + 1 tasks taken while both lanes wait, one is a bot task (default 3: a quarter). */
  readonly botShare?: number;
  /** A thread idle this long is stopped (default: never; a pool used now and then, such as a Swiss's pairing, sets it). */
  readonly idleMs?: number;
  /** The threads' priority, for a task module that sets it (workerData.priority; src/workers/priority.ts). */
  readonly priority?: WorkerPriority;
}

export interface PoolStats {
  readonly threads: number;
  readonly running: number;
  readonly queued: Readonly<Record<Lane, number>>;
}

export class PoolFullError extends Error {
  constructor(readonly queued: number) {
    super(`the worker pool's queue is full (${queued} tasks waiting)`);
  }
}

const LANE = Symbol("lane");

/** Marks a task with its lane for LaneQueue (a symbol key: it is not copied to the worker). */
export function withLane<T extends object>(task: T, lane: Lane): T {
  Object.defineProperty(task, Piscina.queueOptionsSymbol, { value: { [LANE]: lane }, enumerable: false });
  return task;
}

/** Piscina's queue, in two FIFO lanes served by weighted round robin. */
export class LaneQueue implements TaskQueue {
  private readonly lanes: Record<Lane, PiscinaTask[]> = { people: [], bot: [] };
  private peopleInARow = 0;
  /** The count before the last shift: piscina puts a task back (unshift) when no thread can take it. */
  private beforeShift = 0;

  constructor(private readonly botShare: number) {}

  get size(): number {
    return this.lanes.people.length + this.lanes.bot.length;
  }

  sizeOf(lane: Lane): number {
    return this.lanes[lane].length;
  }

  private laneOf(task: PiscinaTask): Lane {
    const options = task[Piscina.queueOptionsSymbol as never] as { [LANE]?: Lane } | null;
    return options?.[LANE] === "bot" ? "bot" : "people";
  }

  push(task: PiscinaTask): void {
    this.lanes[this.laneOf(task)].push(task);
  }

  shift(): PiscinaTask | null {
    const { people, bot } = this.lanes;
    this.beforeShift = this.peopleInARow;
    const botTurn = bot.length > 0 && (people.length === 0 || this.peopleInARow >= this.botShare);
    if (botTurn) {
      this.peopleInARow = 0;
      return bot.shift() ?? null;
    }
    if (people.length === 0) return null;
    this.peopleInARow++;
    return people.shift() ?? null;
  }

  /** A task taken by the last shift that no thread could run: back to the head of its lane. */
  unshift(task: PiscinaTask): void {
    this.lanes[this.laneOf(task)].unshift(task);
    this.peopleInARow = this.beforeShift;
  }

  remove(task: PiscinaTask): void {
    const lane = this.lanes[this.laneOf(task)];
    const at = lane.indexOf(task);
    if (at >= 0) lane.splice(at, 1);
  }
}

const GIB = 1024 ** 3;

/** The memory this process may use: the host's, or its container's limit (cgroup) when lower. */
export function hostMemory(): number {
  // process.constrainedMemory(): 0 or undefined when there is no limit, a huge number on some hosts.
  const limit = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, totalmem()) : totalmem();
}

/**
 * One thread per core, and at most one per GiB of memory: the main thread mostly waits on the
 * network, and the render workers lower their own priority, so it still gets a core when they are
 * all busy; each render thread holds about 70 MB (docs/hosting.md), so a host under 2 GiB (a small
 * VPS, a single-board computer) gets one.
 */
export function defaultThreads(cores = availableParallelism(), memory = hostMemory()): number {
  return Math.max(1, Math.min(cores, Math.floor(memory / GIB)));
}

export class WorkerPool<T extends object, R> {
  private readonly piscina: Piscina<T, R>;
  private readonly queue: LaneQueue;
  private readonly maxQueue: number;
  private running = 0;

  constructor(options: PoolOptions) {
    const threads = Math.max(1, options.threads ?? defaultThreads());
    this.queue = new LaneQueue(Math.max(1, options.botShare ?? 3));
    this.maxQueue = options.maxQueue ?? 1000;
    this.piscina = new Piscina<T, R>({
      filename: new URL("./entry.mjs", import.meta.url).href,
      workerData: { module: options.module.href, priority: options.priority ?? "low" },
      // No thread before the first task (a bot that draws nothing holds none), and a second one only
      // when a task waits for a busy first one. Threads then stay up: starting one (canvas, fonts,
      // the cached board) costs far more than a task.
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: options.idleMs ?? Number.POSITIVE_INFINITY,
      taskQueue: this.queue,
      // A task taken from the queue that no thread can run yet goes back to its place (unshift), not to the end.
      stricterFIFO: true,
      maxQueue: this.maxQueue,
      // A waiting thread runs its event loop. With piscina's default ("sync") it waits inside
      // Atomics.wait and never does, so Node never ran the callbacks that free native memory handed
      // to JavaScript: every board's pixel read-back (1.3 MB) stayed, and a render thread had grown
      // to 2.3 GB after 1,500 boards (247 MB now). entry.mjs also gives the loop a turn before each task.
      atomics: "async",
    });
  }

  /** Runs a task in a worker; refused with PoolFullError when the queue is full. */
  async run(task: T, lane: Lane = "people"): Promise<R> {
    if (this.queue.size >= this.maxQueue) throw new PoolFullError(this.queue.size);
    // The lane rides on the task object for LaneQueue.
    withLane(task, lane);
    this.running++;
    try {
      return await this.piscina.run(task);
    } finally {
      this.running--;
      // The answer's bytes (a board, an animation) are garbage soon after: collected once work stops.
      mainThreadIdle.busy();
    }
  }

  stats(): PoolStats {
    const queued = { people: this.queue.sizeOf("people"), bot: this.queue.sizeOf("bot") };
    return { threads: this.piscina.threads.length, running: this.running - queued.people - queued.bot, queued };
  }

  close(): Promise<void> {
    return this.piscina.close();
  }
}
