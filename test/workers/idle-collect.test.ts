import { getHeapStatistics } from "node:v8";
import { afterEach, describe, expect, it } from "vitest";
import { IdleCollect } from "../../src/workers/idle-collect.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Grows the heap: the arrays survive the collections made while they are allocated, then are garbage. */
function makeGarbage(megabytes: number): number {
  const arrays = Array.from({ length: megabytes * 16 }, () => new Array(8192).fill(1.5));
  return arrays.length;
}

let idle: IdleCollect | null = null;
afterEach(() => {
  idle?.stop();
  idle = null;
});

describe("IdleCollect", () => {
  it("IdleCollect - one collection that gives the heap back - quiet after the heap grew", async () => {
    // The worker runs other test files before this one (isolate: false): their heap, big or about to
    // shrink, would be the baseline. One collection first starts the measure from a collected heap.
    const settle = new IdleCollect({ quietMs: 0, growthBytes: 0 });
    settle.busy();
    await wait(20);
    expect(settle.collections).toBe(1);
    idle = new IdleCollect({ quietMs: 30, growthBytes: 4 * 1024 * 1024 });
    expect(makeGarbage(24)).toBe(384);
    const grown = getHeapStatistics().total_heap_size;
    idle.busy();
    await wait(120);
    expect(idle.collections).toBe(1);
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
