/**
 * The registry of the scheduler's jobs, in the order a sweep runs them: a feature with deadlines of its
 * own adds its job here (written in its `jobs/` folder, see due-job.ts) rather than editing the scheduler.
 * Expiries and time-outs come before the posts, so that what a time-out decides is posted in the same sweep.
 */
import { challengeExpiry } from "../challenges/jobs/challenge-expiry.ts";
import { nextGamePosts } from "../competition/jobs/next-game-posts.ts";
import { roleRefusedPosts } from "../competition/jobs/role-refused-posts.ts";
import { gameEndingPosts } from "../games/jobs/ending-posts.ts";
import { gameDeadlines } from "../games/jobs/game-deadlines.ts";
import { unpostedGames } from "../games/jobs/unposted-games.ts";
import { dailyPuzzlePosts, dailySolutionPosts } from "../puzzles/jobs/daily-puzzle-outbox.ts";
import { dailyPuzzles } from "../puzzles/jobs/daily-puzzle-posts.ts";
import { swissPairings } from "../tournaments/jobs/swiss-pairings.ts";
import {
  tournamentFinalPosts,
  tournamentOnTimePosts,
  tournamentRoundPosts,
  tournamentWithdrawnPosts,
} from "../tournaments/jobs/tournament-outbox-posts.ts";
import { arenaEnds, tournamentStarts } from "../tournaments/jobs/tournament-times.ts";
import type { DueJob } from "./due-job.ts";
import { type OutboxKind, outboxJob } from "./outbox-sender.ts";

/** How each kind of decided post is sent (see src/discord/outbox-sender.ts). */
export const OUTBOX_KINDS: readonly OutboxKind[] = [
  gameEndingPosts,
  nextGamePosts,
  tournamentRoundPosts,
  tournamentWithdrawnPosts,
  tournamentFinalPosts,
  tournamentOnTimePosts,
  roleRefusedPosts,
  dailyPuzzlePosts,
  dailySolutionPosts,
];

export const DUE_JOBS: readonly DueJob[] = [
  challengeExpiry,
  gameDeadlines,
  tournamentStarts,
  arenaEnds,
  // After the time-outs and starts that may leave a round waiting; its posts go out with the outbox below.
  swissPairings,
  dailyPuzzles,
  // After the jobs that decide posts, so what they decided goes out in the same sweep.
  outboxJob(OUTBOX_KINDS),
  unpostedGames,
];
