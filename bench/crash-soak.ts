/**
 * `npm run bench:crash`: the crash test of the suite (test/e2e/crash.test.ts) for longer, as a soak:
 * CRASH_SECONDS of play (default 300) with PAIRS games at once (default 8), the bot killed with
 * SIGKILL every CRASH_LIFE_MS (default 2000-8000) after it is ready, seeded by CRASH_SEED.
 * Then the decided-posts run (test/e2e/decided-posts.test.ts: a Swiss, an arena and a knockout played out
 * while the bot is killed; every decided post checked in the channel) DECIDED_RUNS times (default 3), each
 * with its own seed (CRASH_SECONDS=0: these alone). Prints the figures and exits 1 if any check failed.
 */
import { runCrash } from "../test/e2e/crash-run.ts";
import { runDecidedCrash } from "../test/e2e/decided-posts-run.ts";

const seconds = Number(process.env.CRASH_SECONDS ?? 300);
const pairs = Number(process.env.PAIRS ?? 8);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const [lo, hi] = (process.env.CRASH_LIFE_MS ?? "2000-8000").split("-").map(Number);

let failed = false;
// CRASH_SECONDS=0 skips the soak: the decided-posts runs alone.
if (seconds > 0) {
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
  for (const [what, list] of Object.entries(failures)) {
    if (list.length === 0) continue;
    failed = true;
    console.log(`${what}: ${list.length}\n  ${list.slice(0, 20).join("\n  ")}`);
  }
}

const runs = Number(process.env.DECIDED_RUNS ?? 3);
const decided = { kills: 0, posts: 0, duplicates: [] as string[], lost: [] as string[], outOfOrder: [] as string[] };
for (let i = 0; i < runs; i++) {
  const r = await runDecidedCrash({ seed: seed + i, lifeMs: [1500, 4000], limitMs: 300_000 });
  console.log(
    `decided posts, seed ${seed + i}: ${r.kills} kills, ${r.postsChecked} posts checked, ${r.duplicates.length} duplicates, ` +
      `${r.lost.length} lost, ${r.outOfOrder.length} out of order, ${(r.ms / 1000).toFixed(1)} s`,
  );
  decided.kills += r.kills;
  decided.posts += r.postsChecked;
  decided.duplicates.push(...r.duplicates);
  decided.lost.push(...r.lost);
  decided.outOfOrder.push(...r.outOfOrder);
}
console.log(
  `decided posts: ${runs} runs (seeds ${seed}-${seed + runs - 1}), ${decided.kills} kills, ${decided.posts} posts checked, ` +
    `${decided.duplicates.length} duplicates, ${decided.lost.length} lost, ${decided.outOfOrder.length} out of order`,
);
for (const [what, list] of Object.entries({
  duplicates: decided.duplicates,
  lost: decided.lost,
  outOfOrder: decided.outOfOrder,
})) {
  if (list.length === 0) continue;
  failed = true;
  console.log(`${what}: ${list.length}\n  ${list.slice(0, 20).join("\n  ")}`);
}
console.log(failed ? "FAILED" : "every check passed");
process.exit(failed ? 1 : 0);
