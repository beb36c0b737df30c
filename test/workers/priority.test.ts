/**
 * The search and render threads' priority (WORKER_PRIORITY, src/workers/priority.ts): below normal by
 * default, as asked by `normal`. Read from Linux's own record of each thread (/proc/self/task/<id>/stat,
 * its 19th field the nice value), so that it is the real worker modules that are checked, not a stand-in.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createAiPool } from "../../src/ai/pool.ts";
import { loadConfig } from "../../src/config.ts";
import { RenderPool } from "../../src/render/pool.ts";
import type { WorkerPriority } from "../../src/workers/priority.ts";
import { SCENARIOS } from "../render/fixtures.ts";

/** How many of this process's threads run at nice 10 (PRIORITY_BELOW_NORMAL). */
function lowThreads(): number {
  let count = 0;
  for (const id of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
      // The fields after the name (in parentheses, which may hold spaces): state is field 3, nice field 19.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[16]) === 10) count++;
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return count;
}

describe.runIf(process.platform === "linux")("worker priority", () => {
  for (const [priority, expected] of [
    ["low", 1],
    ["normal", 0],
  ] as [WorkerPriority, number][]) {
    it(`RenderPool - its thread runs at ${priority} priority - one thread, one board`, async () => {
      const before = lowThreads();
      const pool = new RenderPool({ threads: 1, priority });
      try {
        await pool.board(SCENARIOS.capture());
        expect(lowThreads() - before).toBe(expected);
      } finally {
        await pool.close();
      }
    });

    it(`AiPool - its search thread runs at ${priority} priority - one thread, one search`, async () => {
      const before = lowThreads();
      const pool = createAiPool({ threads: 1, priority });
      try {
        await pool.think({ ruleset: "abapa", moves: [], level: "easy", ms: 5 });
        expect(lowThreads() - before).toBe(expected);
      } finally {
        await pool.close();
      }
    });
  }
});

describe("worker priority setting", () => {
  it("loadConfig - WORKER_PRIORITY is low unless set to normal, and nothing else - the environment", () => {
    expect(loadConfig({}).workerPriority).toBe("low");
    expect(loadConfig({ WORKER_PRIORITY: "" }).workerPriority).toBe("low");
    expect(loadConfig({ WORKER_PRIORITY: "normal" })).toMatchObject({
      workerPriority: "normal",
      computer: { priority: "normal" },
    });
    expect(() => loadConfig({ WORKER_PRIORITY: "high" })).toThrow(/WORKER_PRIORITY/);
  });
});
