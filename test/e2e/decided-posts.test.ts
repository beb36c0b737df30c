// Nothing decided is lost (issue #33): a Swiss, an arena, a knockout of first-to-two matches and a casual
// first-to-three series play out while the bot process is killed with SIGKILL at random (seeded) moments, the
// local Discord alive throughout; afterwards every post their transactions decided (rounds, boards, final
// standings, every game's ending, every next game of a match or series) is in the channel exactly once, the
// final standings after the deciding game's ending. `npm run bench:crash` runs it too, with other seeds.
import { expect, it } from "vitest";
import { runDecidedCrash } from "./decided-posts-run.ts";

const SEED = Number(process.env.CRASH_SEED ?? 20261206);

it("decided posts - every round, board, ending, next game and final standings posted exactly once, in order - SIGKILL while three tournaments and a series play", async () => {
  const report = await runDecidedCrash({ seed: SEED, lifeMs: [1500, 4000], limitMs: 150_000, log: console.log });
  console.log(
    `decided-posts crash test (seed ${SEED}): ${report.kills} kills, ${report.postsChecked} decided posts checked, ${report.duplicates.length} duplicates, ${report.lost.length} lost, ${report.outOfOrder.length} out of order, ${(report.ms / 1000).toFixed(1)} s`,
  );
  expect(report.lost).toEqual([]);
  expect(report.duplicates).toEqual([]);
  expect(report.outOfOrder).toEqual([]);
  // Proof that the run did something.
  expect(report.kills).toBeGreaterThanOrEqual(2);
  expect(report.postsChecked).toBeGreaterThanOrEqual(10);
}, 300_000);
