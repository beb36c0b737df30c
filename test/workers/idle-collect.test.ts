import { getHeapStatistics } from "node:v8";
import { afterEach, describe, expect, it } from "vitest";
import { IdleCollect } from "../../src/workers/idle-collect.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Grows the heap by about `megabytes`: arrays that are garbage once the caller drops them. */
function makeGarbage(megabytes: number): number[][] {
  return Array.from({ length: megabytes * 16 }, () => new Array<number>(8192).fill(1.5));
}

let idle: IdleCollect | null = null;
afterEach(() => {
  idle?.stop();
  idle = null;
});

describe("IdleCollect", () => {
  it("IdleCollect - one collection, then the heap given back - quiet after the heap grew", async () => {
    // The worker runs other test files before this one (isolate: false): their heap, big or about to
    // shrink, would be the baseline. One collection first starts the measure from a collected heap.
    const settle = new IdleCollect({ quietMs: 0, growthBytes: 0 });
    settle.busy();
    await wait(20);
    expect(settle.collections).toBe(1);
    idle = new IdleCollect({ quietMs: 30, growthBytes: 4 * 1024 * 1024 });
    // Held until the check has run: V8's own incremental collection, which the allocation may have
    // started, would otherwise free it first and leave no growth to see.
    let held: number[][] | null = makeGarbage(24);
    expect(held).toHaveLength(384);
    const grown = getHeapStatistics().total_heap_size;
    idle.busy();
    await wait(120);
    expect(idle.collections).toBe(1);
    // Then garbage: the next quiet collection (or V8's own, whichever comes first) gives it back.
    held = null;
    idle = new IdleCollect({ quietMs: 30, growthBytes: 0 });
    idle.busy();
    await wait(120);
    expect(getHeapStatistics().total_heap_size).toBeLessThan(grown - 8 * 1024 * 1024);
  });

  it("IdleCollect - no collection - the heap has not grown by the threshold", async () => {
    idle = new IdleCollect({ quietMs: 30, growthBytes: 512 * 1024 * 1024 });
    idle.busy();
    await wait(120);
    expect(idle.collections).toBe(0);
  });

  it("IdleCollect - waits for the quiet - work keeps coming", async () => {
    idle = new IdleCollect({ quietMs: 80, growthBytes: 0 });
    for (let i = 0; i < 6; i++) {
      idle.busy();
      await wait(25);
    }
    expect(idle.collections).toBe(0);
    await wait(150);
    expect(idle.collections).toBe(1);
  });
});
