/**
 * How a tournament moves on, whatever its format (formats/): started, resumed, and after each of its games'
 * ends (the competition hook, in the game's transaction, after the absences and series steps) the format
 * pairs what waited and the tournament finishes once the format says it is over. In the caller's transaction.
 */
import type { Tx } from "../db/client.ts";
import type { GameRow, TournamentRow } from "../db/schema.ts";
import { formatOf } from "./formats/registry.ts";
import { finishTournament, tournamentRow } from "./tournament-store.ts";

/** Finishes the tournament if its format says it is over (`byGame`: the game whose end did it, else null). */
function finishIfOver(tx: Tx, t: TournamentRow, now: number, byGame: string | null): TournamentRow {
  return formatOf(t).isOver(tx, t, now) ? finishTournament(tx, t, now, byGame) : t;
}

/** What waited is paired (the next round, the free players, the ready matches), or the tournament finishes. */
function moveOn(tx: Tx, t: TournamentRow, now: number, byGame: string | null): TournamentRow {
  return finishIfOver(tx, formatOf(t).pair(tx, t, now, byGame), now, byGame);
}

/** Starts a tournament whose entrants are seeded: round 1, the arena's first wave, or the bracket. */
export function startFormat(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  return finishIfOver(tx, formatOf(t).start(tx, t, now), now, null);
}

/** Back from a pause: what waited meanwhile (the next round, the free players, the ready matches). */
export function resumeFormat(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  return moveOn(tx, t, now, null);
}

/** The tournament step of a game's end (the competition hook, in the game's transaction, after the series step). */
export function afterTournamentGame(tx: Tx, row: GameRow, now: number): void {
  if (!row.tournamentId) return;
  const t = tournamentRow(tx, row.tournamentId);
  if (!t || (t.status !== "running" && t.status !== "paused")) return;
  if (formatOf(t).movesOn(tx, t, row)) moveOn(tx, t, now, row.id);
}
