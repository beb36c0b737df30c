/**
 * What each format does when a tournament starts, resumes, or one of its games ends: a Swiss pairs its next
 * round once the round is over (tournament-store.ts), an arena pairs whoever is free (arena-store.ts), a
 * knockout starts the matches its decided series make ready (knockout-store.ts). In the caller's
 * transaction.
 */
import type { Tx } from "../db/client.ts";
import type { GameRow, TournamentRow } from "../db/schema.ts";
import { afterArenaGame, finishArenaIfDone, pairArena, startArena } from "./arena-store.ts";
import { afterKnockoutGame, resumeKnockout, startKnockout } from "./knockout-store.ts";
import { advanceIfDone, pairNextRound, tournamentRow } from "./tournament-store.ts";

/** Starts a tournament whose entrants are seeded: round 1, the arena's first wave, or the bracket. */
export function startFormat(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  if (t.format === "arena") return startArena(tx, t, now);
  if (t.format === "knockout") return startKnockout(tx, t, now);
  return pairNextRound(tx, { ...t, status: "running" }, now);
}

/** Back from a pause: what waited meanwhile (the next round, the free players, the ready matches). */
export function resumeFormat(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  if (t.format === "arena") return finishArenaIfDone(tx, pairArena(tx, t, now), now, null);
  if (t.format === "knockout") return resumeKnockout(tx, t, now);
  return advanceIfDone(tx, t, now);
}

/** The tournament step of a game's end (the competition hook, in the game's transaction, after the series step). */
export function afterTournamentGame(tx: Tx, row: GameRow, now: number): void {
  if (!row.tournamentId) return;
  const t = tournamentRow(tx, row.tournamentId);
  if (!t || (t.status !== "running" && t.status !== "paused")) return;
  if (t.format === "arena") afterArenaGame(tx, t, row, now);
  else if (t.format === "knockout") afterKnockoutGame(tx, t, row, now);
  else if (row.tournamentRound === t.currentRound) advanceIfDone(tx, t, now, row.id);
}
