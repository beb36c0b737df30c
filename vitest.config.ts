import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two tiers (docs/testing.md, "The two tiers"): `npm run test:unit` runs the projects "unit" and "local-discord", everything that
// needs no bot process and no browser; `npm test` runs every project, "e2e" included, as CI does.
const BROWSER_TESTS = "**/*.browser.test.ts";

// How the projects run (docs/testing.md, "How the suite runs"): one after another (`groupOrder`), "unit" and
// "local-discord" in at least two workers that keep their modules from one test file to the next (`isolate: false`:
// the files import the same modules, and evaluating them afresh for each file was most of those projects' time),
// "e2e" each file in a fresh worker, two files at a time on a 2-core machine (one at a time, a quarter of its
// wall time went to starting workers while a core sat idle; its tests wait for events, not fixed times).
const SHARED_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**", BROWSER_TESTS],
          isolate: false,
          maxWorkers: SHARED_WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "local-discord",
          include: ["packages/local-discord/test/**/*.test.ts"],
          exclude: [BROWSER_TESTS],
          isolate: false,
          maxWorkers: SHARED_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", `packages/*/test/${BROWSER_TESTS}`],
          maxWorkers: SHARED_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
