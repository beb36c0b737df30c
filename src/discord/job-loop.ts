/**
 * The one loop of the bot's background work (Nickar's turns, the analyses, the role keeper, puzzle
 * mining, the outbox's sender): `poke` after anything changed, `idle` to wait until nothing runs, `stop`
 * at shutdown. A pass never overlaps another: a poke during one asks for one more after it, so no change
 * is missed and none is handled twice at once. Work that runs beside the passes (one search per game, one
 * analysis per server) is launched as a task: it has its own abort signal, `stop` aborts it and `idle`
 * waits for it. `wakeAt` pokes again at a time (a retry), the earliest asked for winning.
 *
 * The pass itself never rejects the loop: an error is handed to `onError` and the next poke tries again.
 */

export interface JobLoopOptions {
  /** One pass over what is to do now; `signal` is aborted by `stop`. */
  readonly pass: (signal: AbortSignal) => Promise<void> | void;
  /** Told of a pass that threw (logged by the job). */
  readonly onError: (err: unknown) => void;
  /** The time `wakeAt` counts from (the app's clock); default Date.now. */
  readonly now?: () => number;
}

export class JobLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private stoppedFlag = false;
  private readonly controller = new AbortController();
  private readonly tasks = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;

  constructor(private readonly options: JobLoopOptions) {}

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** Tasks running now. */
  get taskCount(): number {
    return this.tasks.size;
  }

  /** Something changed: a pass now, or one more after the pass under way. */
  poke(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const run = this.loop();
    this.running = run;
    void run.finally(() => {
      if (this.running === run) this.running = null;
    });
  }

  /** Resolves once no pass runs or is asked for and no task runs (tests, tools, a clean stop). */
  async idle(): Promise<void> {
    while (this.running || this.tasks.size > 0) {
      await this.running;
      await Promise.all([...this.tasks.values()].map((t) => t.done));
    }
  }

  /** No pass or task starts after this; the ones under way are told by their signals. */
  stop(): void {
    this.stoppedFlag = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.controller.abort();
    for (const task of this.tasks.values()) task.controller.abort();
  }

  /** `stop`, then waits for what runs (at most `waitMs`): the database closes after it. */
  async stopAndWait(waitMs: number): Promise<void> {
    this.stop();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
  }

  /** Whether a task with this key runs. */
  has(key: string): boolean {
    return this.tasks.has(key);
  }

  /** Starts `work` beside the passes unless one with this key runs; `after` runs once it ended. */
  launch(key: string, work: (signal: AbortSignal) => Promise<void>, after?: () => void): void {
    if (this.stoppedFlag || this.tasks.has(key)) return;
    const controller = new AbortController();
    // Started at once (as a pass is), so a stop right after it finds the task listening to its signal.
    const done = (async () => work(controller.signal))()
      .catch((err) => this.options.onError(err))
      .finally(() => {
        this.tasks.delete(key);
        after?.();
      });
    this.tasks.set(key, { controller, done });
  }

  /** Pokes at `at` (on the `now` clock); an earlier wake-up already set wins. */
  wakeAt(at: number): void {
    if (this.stoppedFlag || (this.timer && this.timerAt <= at)) return;
    const now = this.options.now ?? Date.now;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.poke();
      },
      Math.max(0, at - now()),
    );
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.options.pass(this.controller.signal);
      } catch (err) {
        this.options.onError(err);
      }
    } while (this.again && !this.stoppedFlag);
  }
}
