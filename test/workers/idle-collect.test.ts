import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IdleCollect } from "../../src/workers/idle-collect.ts";

const IDLE_COLLECT = new URL("../../src/workers/idle-collect.ts", import.meta.url).href;

/**
 * The heap's own figures, in a process of its own: in the test worker, other files' modules and
 * leftovers (isolate: false) grow and shrink the same heap, which made this reading flaky. Waits are
 * for the collection itself (polled, with a generous ceiling), not for a fixed time.
 */
const PROBE = `
import { getHeapStatistics } from "node:v8";
const { IdleCollect } = await import(${JSON.stringify(IDLE_COLLECT)});
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(idle, collections) {
  for (let waited = 0; idle.collections < collections && waited < 10_000; waited += 10) await wait(10);
}
const heap = () => getHeapStatistics().total_heap_size;
const settle = new IdleCollect({ quietMs: 0, growthBytes: 0 });
settle.busy();
await until(settle, 1);
const before = heap();
let idle = new IdleCollect({ quietMs: 30, growthBytes: 4 * 1024 * 1024 });
// Held until the check has run: V8's own collection would otherwise free it and leave no growth.
let held = Array.from({ length: 24 * 16 }, () => new Array(8192).fill(1.5));
const grown = heap();
idle.busy();
await until(idle, 1);
const grownCollections = idle.collections;
held = held.length;
idle = new IdleCollect({ quietMs: 30, growthBytes: 0 });
idle.busy();
await until(idle, 1);
console.log(JSON.stringify({ before, grown, grownCollections, after: heap(), held }));
`;

interface Probe {
  readonly before: number;
  readonly grown: number;
  readonly grownCollections: number;
  readonly after: number;
}

function probe(): Probe {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PROBE], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Probe;
}

let idle: IdleCollect | null = null;
afterEach(() => {
  idle?.stop();
  idle = null;
  vi.useRealTimers();
});

describe("IdleCollect", () => {
  it("IdleCollect - one collection, then the heap given back - quiet after the heap grew", () => {
    const p = probe();
    expect(p.grown).toBeGreaterThan(p.before + 8 * 1024 * 1024);
    expect(p.grownCollections).toBe(1);
    expect(p.after).toBeLessThan(p.grown - 8 * 1024 * 1024);
  });

  // Fake timers: the quiet is a matter of the timer's arithmetic, not of how busy the machine is.
  it("IdleCollect - no collection - the heap has not grown by the threshold", () => {
    vi.useFakeTimers();
    idle = new IdleCollect({ quietMs: 30, growthBytes: 512 * 1024 * 1024 });
    idle.busy();
    vi.advanceTimersByTime(120);
    expect(idle.collections).toBe(0);
  });

  it("IdleCollect - waits for the quiet - work keeps coming", () => {
    vi.useFakeTimers();
    idle = new IdleCollect({ quietMs: 80, growthBytes: 0 });
    for (let i = 0; i < 6; i++) {
      idle.busy();
      vi.advanceTimersByTime(25);
    }
    expect(idle.collections).toBe(0);
    vi.advanceTimersByTime(79);
    expect(idle.collections).toBe(1);
  });

  it("IdleCollect - no collection after close, however much work follows - the process is stopping", () => {
    vi.useFakeTimers();
    idle = new IdleCollect({ quietMs: 30, growthBytes: 0 });
    idle.busy();
    idle.close();
    vi.advanceTimersByTime(120);
    idle.busy();
    vi.advanceTimersByTime(120);
    expect(idle.collections).toBe(0);
  });
});
