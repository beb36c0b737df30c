/** The search pool through real piscina worker threads, loaded from the TypeScript sources as in dev. */
import { afterAll, describe, expect, it } from "vitest";
import { AiQueueFullError, createAiPool } from "../../src/ai/index.ts";
import { think } from "../../src/ai/think.ts";

const pool = createAiPool({ threads: 1, maxQueue: 2 });
afterAll(() => pool.close());

/**
 * Waits until the thread is free: stopped searches of an earlier test may still be finishing their
 * first ply (on a loaded machine, a while). A short search answered means nothing is ahead of it.
 */
async function idle(): Promise<void> {
  const since = Date.now();
  while (pool.queued > 0 && Date.now() - since < 30_000) await new Promise((r) => setTimeout(r, 10));
  await pool.think({ ruleset: "abapa", moves: [], level: "easy", ms: 1, seed: 1 });
}

describe("ai pool", () => {
  it("ai pool - answers a legal move while the event loop stays free - expert from the start", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const result = await pool.think({ ruleset: "abapa", moves: [3, 5], level: "expert", ms: 400 });
    clearInterval(timer);
    expect([1, 2, 3, 4, 5, 6]).toContain(result.best);
    expect(result.depth).toBeGreaterThan(3);
    // 400 ms of thinking on another thread: the 5 ms timer kept firing (loosely: a loaded machine delays it).
    expect(ticks).toBeGreaterThan(10);
  });

  it("ai pool - same answer as thinking on this thread - seeded request", async () => {
    const request = { ruleset: "haiti", moves: [3, 4], level: "expert", ms: 100, seed: 7 } as const;
    const [pooled, again] = await Promise.all([pool.think(request), pool.think(request)]);
    const direct = think(request);
    expect({ ...pooled, ms: 0 }).toEqual({ ...direct, ms: 0 });
    expect({ ...again, ms: 0 }).toEqual({ ...direct, ms: 0 });
  });

  it("ai pool - rejects at once and frees the thread - aborted search", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const long = pool.think({ ruleset: "abapa", moves: [], level: "hard", ms: 20_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("stop")), 50);
    await expect(long).rejects.toThrow("stop");
    const next = await pool.think({ ruleset: "abapa", moves: [1], level: "medium", ms: 100 });
    expect(next.best).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("ai pool - refuses a task beyond the queue - bounded queue", async () => {
    await idle();
    const controller = new AbortController();
    const slow = { ruleset: "abapa", moves: [], level: "hard", ms: 5_000 } as const;
    const running = [0, 1, 2].map(() => pool.think(slow, { signal: controller.signal }).catch(() => "stopped"));
    await expect(pool.think(slow)).rejects.toThrow(AiQueueFullError);
    expect(pool.queued).toBe(2);
    controller.abort(new Error("done"));
    expect(await Promise.all(running)).toEqual(["stopped", "stopped", "stopped"]);
    // The stopped searches that were waiting start, see the stop flag and end after their first ply.
    await idle();
    expect(pool.queued).toBe(0);
  });

  it("ai pool - a person's search starts before the waiting bot searches - burst of bot games", async () => {
    const order: string[] = [];
    const search = (name: string, lane: "people" | "bot", ms: number) =>
      pool
        .think({ ruleset: "abapa", moves: [], level: "expert", ms, seed: 3 }, { lane })
        .then(() => void order.push(name));
    await idle();
    // One thread: the first bot search runs; two more wait; then a person asks for a hint.
    const all = [search("bot 1", "bot", 300), search("bot 2", "bot", 20), search("bot 3", "bot", 20)];
    all.push(search("hint", "people", 20));
    expect(pool.queuedByLane()).toEqual({ people: 1, bot: 2 });
    await Promise.all(all);
    expect(order).toEqual(["bot 1", "hint", "bot 2", "bot 3"]);
  });

  it("ai pool - a person's search is taken while the bot lane is full - per-lane bound", async () => {
    await idle();
    const controller = new AbortController();
    const slow = { ruleset: "abapa", moves: [], level: "hard", ms: 5_000 } as const;
    const bots = [0, 1, 2].map(() => pool.think(slow, { signal: controller.signal }).catch(() => "stopped"));
    await expect(pool.think(slow)).rejects.toThrow(AiQueueFullError);
    const hint = pool.think({ ruleset: "abapa", moves: [1], level: "medium", ms: 50 }, { lane: "people" });
    expect(pool.queuedByLane()).toEqual({ people: 1, bot: 2 });
    controller.abort(new Error("done"));
    expect((await hint).best).toBeGreaterThan(0);
    expect(await Promise.all(bots)).toEqual(["stopped", "stopped", "stopped"]);
  });

  it("ai pool - rejects a bad request with the reason - illegal move in the list", async () => {
    await idle();
    await expect(pool.think({ ruleset: "abapa", moves: [3, 3, 9], level: "easy" })).rejects.toThrow(/illegal/);
  });
});
