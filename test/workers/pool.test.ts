import { afterEach, describe, expect, it } from "vitest";
import { defaultThreads, type Lane, PoolFullError, WorkerPool } from "../../src/workers/pool.ts";

const MODULE = new URL("./echo-task.ts", import.meta.url);
let pool: WorkerPool<{ id: string; ms: number }, string> | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

/** Runs `tasks` on a one-thread pool whose thread is busy first, and returns the order they finished in. */
async function finishingOrder(tasks: [string, Lane][], botShare?: number): Promise<string[]> {
  pool = new WorkerPool({ module: MODULE, threads: 1, botShare });
  await pool.run({ id: "warm", ms: 0 });
  const order: string[] = [];
  const blocker = pool.run({ id: "blocker", ms: 300 });
  const runs = tasks.map(([id, lane]) => pool!.run({ id, ms: 1 }, lane).then((done) => order.push(done)));
  await Promise.all([blocker, ...runs]);
  return order;
}

describe("WorkerPool", () => {
  it("WorkerPool - a burst of bot tasks gets one turn in four while people wait - one thread", async () => {
    const bots: [string, Lane][] = Array.from({ length: 6 }, (_, i) => [`bot${i}`, "bot"]);
    const people: [string, Lane][] = Array.from({ length: 6 }, (_, i) => [`person${i}`, "people"]);
    const order = await finishingOrder([...bots, ...people]);
    expect(order).toEqual([
      ...["person0", "person1", "person2", "bot0"],
      ...["person3", "person4", "person5", "bot1"],
      ...["bot2", "bot3", "bot4", "bot5"],
    ]);
  });

  it("WorkerPool - either lane has the whole pool when the other is idle - bots only, then people only", async () => {
    expect(
      await finishingOrder([
        ["b1", "bot"],
        ["b2", "bot"],
        ["b3", "bot"],
      ]),
    ).toEqual(["b1", "b2", "b3"]);
    await pool?.close();
    expect(
      await finishingOrder([
        ["p1", "people"],
        ["p2", "people"],
      ]),
    ).toEqual(["p1", "p2"]);
  });

  it("WorkerPool - refuses a task past the queue limit at once - two waiting allowed", async () => {
    pool = new WorkerPool({ module: MODULE, threads: 1, maxQueue: 2 });
    await pool.run({ id: "warm", ms: 0 });
    const running = pool.run({ id: "busy", ms: 200 });
    // Let the first task reach the thread, so the next two wait in the queue.
    await new Promise((r) => setTimeout(r, 50));
    const waiting = [pool.run({ id: "w1", ms: 0 }), pool.run({ id: "w2", ms: 0 }, "bot")];
    expect(pool.stats()).toEqual({ threads: 1, running: 1, queued: { people: 1, bot: 1 } });
    await expect(pool.run({ id: "w3", ms: 0 })).rejects.toBeInstanceOf(PoolFullError);
    expect(await Promise.all([running, ...waiting])).toEqual(["busy", "w1", "w2"]);
  });

  it("WorkerPool - runs the thread's event loop between tasks - tasks queued back to back", async () => {
    // Without it the callbacks that free the canvas' pixel buffers need not run while tasks keep
    // coming (never, with piscina's synchronous Atomics wait), and a busy render thread grew by
    // 1.3 MB a board.
    const counting = new WorkerPool<Record<string, never>, number>({
      module: new URL("./immediate-task.ts", import.meta.url),
      threads: 1,
    });
    try {
      await counting.run({});
      const seen = await Promise.all(Array.from({ length: 20 }, () => counting.run({})));
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      await counting.close();
    }
  });

  it("WorkerPool - starts no thread before the first task, a second only when the first is busy - two allowed", async () => {
    pool = new WorkerPool({ module: MODULE, threads: 2 });
    expect(pool.stats().threads).toBe(0);
    await pool.run({ id: "one", ms: 0 });
    expect(pool.stats().threads).toBe(1);
    await Promise.all([pool.run({ id: "a", ms: 100 }), pool.run({ id: "b", ms: 100 })]);
    expect(pool.stats().threads).toBe(2);
  });

  it("defaultThreads - one per core, at most one per GiB of memory - small and large hosts", () => {
    const gib = 1024 ** 3;
    expect(defaultThreads(1, 16 * gib)).toBe(1);
    expect(defaultThreads(4, 0.9 * gib)).toBe(1);
    expect(defaultThreads(4, 1.9 * gib)).toBe(1);
    expect(defaultThreads(4, 3 * gib)).toBe(3);
    expect(defaultThreads(2, 24 * gib)).toBe(2);
  });
});
