/**
 * The C allocator's controls (src/workers/allocator.ts), in a process of their own so that this one's
 * memory does not matter: 1,500 blocks of 60 KB (a board's bytes) are allocated with every twentieth
 * kept, the others freed and collected. Left alone glibc keeps what was freed between the kept ones;
 * trimmed, it goes back to the system.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const ALLOCATOR = new URL("../../src/workers/allocator.ts", import.meta.url).href;

const PROBE = `
import { readFileSync } from "node:fs";
const { trimAllocator } = await import(${JSON.stringify(ALLOCATOR)});
const mode = process.argv.at(-1);
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
const kept = [];
let freed = [];
for (let i = 0; i < 1500; i++) {
  const block = Buffer.allocUnsafeSlow(60 * 1024).fill(1);
  (i % 20 === 19 ? kept : freed).push(block);
}
const peak = rss();
freed = null;
// The blocks' memory is freed by V8's sweeper after the collection, on its own time.
for (let i = 0; i < 3; i++) {
  globalThis.gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const collected = rss();
const trimmed = mode === "trim" ? trimAllocator() : null;
console.log(JSON.stringify({ trimmed, peak, collected, after: rss(), kept: kept.length }));
`;

interface Probe {
  readonly trimmed: boolean | null;
  readonly peak: number;
  readonly collected: number;
  readonly after: number;
}

function probe(mode: "none" | "trim"): Probe {
  // A host's setting that maps such blocks on their own would return them without a trim.
  const env = { ...process.env };
  delete env.MALLOC_MMAP_THRESHOLD_;
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", PROBE, "--", mode],
    { encoding: "utf8", env },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Probe;
}

// The control is glibc's: elsewhere it does nothing, by design.
describe.runIf(process.platform === "linux")("allocator", () => {
  it("allocator - freed blocks stay resident - left alone", () => {
    const p = probe("none");
    expect(p.after).toBeGreaterThan(p.peak - 20);
  });

  it("allocator - trimming returns the freed blocks to the system - after a collection", () => {
    const p = probe("trim");
    expect(p.trimmed).toBe(true);
    expect(p.after).toBeLessThan(p.peak - 50);
  });
});
