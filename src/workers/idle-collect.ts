/**
 * One full garbage collection when a thread goes quiet after work. Under load V8 grows a thread's
 * heap to hold the garbage between its collections (the main thread's reached 194 MB for 43 MB of
 * live objects in the footprint benchmark), and the boards' bytes that garbage keeps (each board is
 * copied several times on its way to Discord) stay in the C allocator until it runs. Left alone, V8
 * gives that memory back only when its memory reducer gets round to it, and the allocator keeps what
 * it freed in the middle of its heap. Collected at once when the work stops, and the allocator
 * trimmed after it, the bot goes back to its working size between bursts instead of staying at its
 * peak (docs/hosting.md#memory).
 *
 * A collection costs a pause of a few to a few tens of milliseconds, so it runs only after `quietMs`
 * without work, and only when the heap has grown by `growthBytes` since the last one.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { trimAllocator } from "./allocator.ts";

let gc: (() => void) | null | undefined;

/** V8's collector: exposed at run time (the flag applies to contexts made after it). */
function collector(): (() => void) | null {
  if (gc === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      gc = runInNewContext("gc") as () => void;
    } catch {
      gc = null;
    }
  }
  return gc;
}

export interface IdleCollectOptions {
  readonly quietMs?: number;
  readonly growthBytes?: number;
}

export class IdleCollect {
  private timer: NodeJS.Timeout | null = null;
  /** Who waits for the quiet (`quiet()`): called when it comes, or at `stop()`. */
  private waiting: (() => void)[] = [];
  private baseline = getHeapStatistics().total_heap_size;
  private readonly quietMs: number;
  private readonly growthBytes: number;
  /** Collections run so far (for the tests). */
  collections = 0;
  private closed = false;

  constructor(options: IdleCollectOptions = {}) {
    this.quietMs = options.quietMs ?? 2000;
    this.growthBytes = options.growthBytes ?? 8 * 1024 * 1024;
  }

  /** Work happened: the collection waits for `quietMs` after the last call. */
  busy(): void {
    if (this.closed) return;
    if (this.timer) {
      this.timer.refresh();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.collectIfGrown();
      this.wake();
    }, this.quietMs);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  /**
   * Resolves once no work has been reported for `quietMs` (at once when none has been since): background
   * work that would take a core from the players (puzzle mining) waits for it.
   */
  quiet(): Promise<void> {
    if (!this.timer) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private collectIfGrown(): void {
    if (getHeapStatistics().total_heap_size < this.baseline + this.growthBytes) return;
    const collect = collector();
    if (!collect) return;
    collect();
    // The allocator's pages that the collection freed go back to the system too (allocator.ts).
    trimAllocator();
    this.collections++;
    this.baseline = getHeapStatistics().total_heap_size;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake();
  }

  /**
   * No collection from now on: the process is stopping. A trim then could be the allocator's first, and
   * loading its native library while the worker pools shut down ended a bot's shutdown in an abort
   * (SIGABRT, "napi_throw" in koffi's load) in test/e2e/data-safety.test.ts on a loaded machine.
   */
  close(): void {
    this.closed = true;
    this.stop();
  }
}

/** The main thread's: told of every interaction and every task a worker pool answers. */
export const mainThreadIdle = new IdleCollect();
