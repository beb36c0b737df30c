/**
 * A bounded piscina pool of search threads: thinking never runs on the caller's event loop.
 * Default one thread (the 2-core machine also serves Discord and renders) and a queue of 16: a request
 * beyond threads + queue is refused at once (AiQueueFullError) rather than waiting unbounded. The bound
 * is counted here, over the requests not yet answered, because piscina's own maxQueue also counts the
 * capacity of threads still starting, which makes it vary.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { ThinkRequest, ThinkResult } from "./types.ts";
import type { ThinkTask } from "./worker.ts";

export interface AiPool {
  /** Rejects with the signal's reason as soon as it aborts; the search then stops within a few milliseconds. */
  think(request: ThinkRequest, options?: { signal?: AbortSignal }): Promise<ThinkResult>;
  /** Tasks waiting for a thread (for metrics and fairness). */
  readonly queued: number;
  close(): Promise<void>;
}

export interface AiPoolOptions {
  readonly threads?: number;
  readonly maxQueue?: number;
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
  const pool = new Piscina<ThinkTask, ThinkResult>({
    filename,
    execArgv,
    minThreads: threads,
    maxThreads: threads,
  });
  const limit = threads + (options.maxQueue ?? 16);
  let unanswered = 0;
  const settle = <T>(promise: Promise<T>): Promise<T> => {
    unanswered++;
    return promise.finally(() => unanswered--);
  };
  return {
    think(request, { signal } = {}) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (unanswered >= limit) return Promise.reject(new AiQueueFullError(limit));
      return settle(run(request, signal));
    },
    get queued() {
      return Math.max(0, unanswered - threads);
    },
    close: () => pool.close({ force: true }),
  };

  function run(request: ThinkRequest, signal: AbortSignal | undefined): Promise<ThinkResult> {
    const shared = new SharedArrayBuffer(8);
    if (!signal) return pool.run({ request, flags: shared });
    // A queued task leaves the queue by piscina's signal; a running one is stopped by the shared flag,
    // since piscina's signal would terminate the thread mid-search.
    const dequeue = new AbortController();
    const task = pool.run({ request, flags: shared }, { signal: dequeue.signal });
    return new Promise<ThinkResult>((resolve, reject) => {
      const onAbort = () => {
        const flags = new Int32Array(shared);
        Atomics.store(flags, 0, 1);
        if (Atomics.load(flags, 1) === 0) dequeue.abort();
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
