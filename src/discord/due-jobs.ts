/**
 * The registry of the scheduler's jobs, in the order a sweep runs them: a feature with deadlines of its
 * own adds its job here (written in its `jobs/` folder, see due-job.ts) rather than editing the scheduler.
 * Expiries and time-outs come before the posts, so that what a time-out decides is posted in the same sweep.
 */
import { challengeExpiry } from "../challenges/jobs/challenge-expiry.ts";
import { gameDeadlines } from "../games/jobs/game-deadlines.ts";
import { unpostedGames } from "../games/jobs/unposted-games.ts";
import { dailyPuzzles } from "../puzzles/jobs/daily-puzzle-posts.ts";
import { arenaEnds, tournamentStarts } from "../tournaments/jobs/tournament-times.ts";
import type { DueJob } from "./due-job.ts";

export const DUE_JOBS: readonly DueJob[] = [
  challengeExpiry,
  gameDeadlines,
  tournamentStarts,
  arenaEnds,
  dailyPuzzles,
  unpostedGames,
];
