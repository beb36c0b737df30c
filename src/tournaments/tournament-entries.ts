/**
 * Entering and leaving a tournament, in the caller's transaction: who may enter when (the format says, once
 * it has started), a late entrant's first round, and what leaving does (off the list before the start; after
 * it, as the format says: a pause, or a withdrawal whose game in progress is resigned).
 */
import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { type TournamentPlayerRow, type TournamentRow, tournamentPlayers } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import type { GameService } from "../games/service.ts";
import { formatOf } from "./formats/registry.ts";
import { seedRating, tournamentGames, withdraw } from "./tournament-store.ts";

/**
 * Whether players may still enter: before the start; after it, as the format says (a Swiss until round
 * LAST_ENTRY_ROUND is paired, with zero points; an arena until its last quarter, or its end for a player who
 * paused (`returning`); a knockout never).
 */
export function entriesOpen(t: TournamentRow, now: number, returning = false): boolean {
  if (t.status === "open") return true;
  if (t.status !== "running" && t.status !== "paused") return false;
  return formatOf(t).entriesOpen(t, now, returning);
}

export function entrant(tx: Tx, id: string, userId: string): TournamentPlayerRow | null {
  return (
    tx
      .select()
      .from(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
      .get() ?? null
  );
}

function setPaused(tx: Tx, id: string, userId: string, paused: boolean): TournamentPlayerRow {
  return tx
    .update(tournamentPlayers)
    .set({ paused })
    .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
    .returning()
    .get()!;
}

/** `userId` enters `t` (or, having paused, comes back): their entry, whose `joinedRound` is the first they can be paired in. */
export function enter(tx: Tx, t: TournamentRow, userId: string, now: number): TournamentPlayerRow {
  const format = formatOf(t);
  const entry = entrant(tx, t.id, userId);
  // A player who paused comes back by joining again.
  if (format.leaving === "pause" && entry?.paused && !entry.withdrawn && entriesOpen(t, now, true)) {
    const back = setPaused(tx, t.id, userId, false);
    format.entered?.(tx, t, now);
    return back;
  }
  if (!entriesOpen(t, now)) throw new UserError("tournament/closed");
  if (entry) throw new UserError("tournament/already-joined");
  const joined = tx
    .insert(tournamentPlayers)
    .values({
      tournamentId: t.id,
      userId,
      joinedAt: now,
      joinedRound: t.currentRound + 1,
      rating: seedRating(tx, t, userId),
    })
    .returning()
    .get();
  // A late entrant to an arena is paired at once if someone is free.
  if (t.status === "running") format.entered?.(tx, t, now);
  return joined;
}

/**
 * `userId` leaves `t` (`removed`: taken out by an organiser). Before the start they are off the list; after it
 * the format says: a pause (not for a removal), or a withdrawal whose game in progress is resigned through the
 * game service. Returns the resigned game's id, or null.
 */
export function drop(
  tx: Tx,
  games: GameService,
  t: TournamentRow,
  userId: string,
  removed: boolean,
  now: number,
): string | null {
  if (t.status === "finished" || t.status === "cancelled") throw new UserError("tournament/over");
  const format = formatOf(t);
  const entry = entrant(tx, t.id, userId);
  // A paused player can still be removed, not leave again.
  if (!entry || entry.withdrawn || (entry.paused && !removed)) throw new UserError("tournament/not-joined");
  if (t.status === "open") {
    tx.delete(tournamentPlayers)
      .where(and(eq(tournamentPlayers.tournamentId, t.id), eq(tournamentPlayers.userId, userId)))
      .run();
    return null;
  }
  // Their game in progress goes on, and they are not paired again until they join again.
  if (format.leaving === "pause" && !removed) {
    setPaused(tx, t.id, userId, true);
    return null;
  }
  // Withdrawn first, so that if resigning ends the round, the next one is paired without them; a
  // knockout's match is given to the opponent.
  withdraw(tx, t.id, userId, now);
  format.withdrawn?.(tx, t, userId, now);
  const active = tournamentGames(tx, t.id).find(
    (g) => g.status === "active" && (g.southId === userId || g.northId === userId),
  );
  return active ? games.resign(active.id, userId, null).row.id : null;
}
