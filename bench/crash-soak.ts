/**
 * `npm run bench:crash`: the crash test of the suite (test/e2e/crash.test.ts) for longer, as a soak:
 * CRASH_SECONDS of play (default 300) with PAIRS games at once (default 8), the bot killed with
 * SIGKILL every CRASH_LIFE_MS (default 2000-8000) after it is ready, seeded by CRASH_SEED.
 * Prints the figures and exits 1 if any check failed.
 */
import { runCrash } from "../test/e2e/crash-run.ts";

const seconds = Number(process.env.CRASH_SECONDS ?? 300);
const pairs = Number(process.env.PAIRS ?? 8);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const [lo, hi] = (process.env.CRASH_LIFE_MS ?? "2000-8000").split("-").map(Number);

const report = await runCrash({
  seed,
  playMs: seconds * 1000,
  pairs,
  lifeMs: [lo, hi],
  log: (line) => {
    if (line.startsWith("kill")) console.log(line);
  },
});
console.log(
  `seed ${seed}: ${report.kills} kills, ${report.acknowledged} acknowledged moves, ${report.storedMoves} stored, ` +
    `${report.unanswered} presses unanswered, ${report.gamesChecked} games checked, ${(report.ms / 1000).toFixed(0)} s`,
);
const failures = {
  lost: report.lost,
  inconsistent: report.inconsistent,
  stuck: report.stuck,
  unenforced: report.unenforced,
};
let failed = false;
for (const [what, list] of Object.entries(failures)) {
  if (list.length === 0) continue;
  failed = true;
  console.log(`${what}: ${list.length}\n  ${list.slice(0, 20).join("\n  ")}`);
}
console.log(failed ? "FAILED" : "every check passed");
process.exit(failed ? 1 : 0);
