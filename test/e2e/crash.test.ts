// The crash test: the bot process is killed with SIGKILL at random (seeded) moments while games are
// played through the local Discord, and started again each time. Afterwards every game is checked
// against its move list: no acknowledged move lost, no half-applied move, no game stuck, and
// deadlines that passed while it was down are enforced. `npm run bench:crash` runs it for longer.
import { expect, it } from "vitest";
import { runCrash } from "./crash-run.ts";

const SEED = Number(process.env.CRASH_SEED ?? 20261201);

it("crash - no acknowledged move lost, no half-applied move, no stuck game, deadlines enforced - SIGKILL at random moments", async () => {
  const report = await runCrash({
    seed: SEED,
    playMs: 22_000,
    pairs: 6,
    lifeMs: [2500, 5000],
    // Shown when the test fails or times out.
    log: (line) => {
      if (!line.startsWith("not played")) console.log(line);
    },
  });
  console.log(
    `crash test (seed ${SEED}): ${report.kills} kills, ${report.acknowledged} acknowledged moves (${report.storedMoves} stored, ${report.unanswered} presses unanswered), ${report.gamesChecked} games checked (${report.gamesStarted} started by the players), ${(report.ms / 1000).toFixed(1)} s`,
  );
  expect(report.lost).toEqual([]);
  expect(report.inconsistent).toEqual([]);
  expect(report.stuck).toEqual([]);
  expect(report.unenforced).toEqual([]);
  // Not figures to meet (the machine may be loaded), only proof that the run did something.
  expect(report.kills).toBeGreaterThanOrEqual(2);
  expect(report.acknowledged).toBeGreaterThan(0);
  expect(report.gamesChecked).toBeGreaterThanOrEqual(6);
  expect(report.storedMoves).toBeGreaterThanOrEqual(report.acknowledged);
}, 300_000);
