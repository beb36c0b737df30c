/**
 * Arenas in the database, inside the caller's transaction. The pure core (src/tournaments/core/arena.ts) scores
 * and pairs; here the waiting pool is read from the games (a player is free when no game of theirs in the
 * arena is active), each wave of pairings is stored as a round (`currentRound` counts the waves) with its
 * games, and the arena finishes once its time is up and its last game has ended. Results are read from
 * the games, in the order they ended: a finished game counts, an aborted or cancelled one does not.
 */
import { and, asc, eq, gt, inArray, lte, min, sql } from "drizzle-orm";
import { builtOnce, type Db, type Tx } from "../db/client.ts";
import { type GameRow, type TournamentRow, tournaments } from "../db/schema.ts";
import { snapshotOf } from "../games/snapshot.ts";
import {
  type ArenaEntrant,
  type ArenaOutcome,
  type ArenaStanding,
  type ArenaWaiting,
  arenaStandings,
  earlyDraw,
  pairArenaWave,
} from "./core/index.ts";
import {
  finishTournament,
  storePairs,
  tournamentEntrants,
  tournamentGames,
  updateTournament,
} from "./tournament-store.ts";

/** Until when new players may join: the arena's last quarter is closed to entries. */
export function arenaEntryDeadline(t: TournamentRow): number | null {
  if (t.endsAt === null || t.minutes === null) return null;
  return t.endsAt - (t.minutes * 60_000) / 4;
}

/** The moves South and North made in the game (replayed: a Caribbean extra move is a move of its own). */
function movesEach(row: GameRow): [number, number] {
  const { movers } = snapshotOf(row).state;
  const south = movers.filter((p) => p === 0).length;
  return [south, movers.length - south];
}

function outcome(row: GameRow, userId: string): ArenaOutcome | null {
  if (row.status !== "finished") return null;
  // Only an agreed draw can come too early (one reached on the board always scores): only it is replayed.
  if (row.winner === null) return row.reason === "agreement" && earlyDraw(movesEach(row)) ? "early-draw" : "draw";
  const won = row.winner === 0 ? row.southId === userId : row.northId === userId;
  return won ? "win" : "loss";
}

/** Each entrant with their finished games' outcomes in the order the games ended. */
export function arenaEntrants(tx: Tx | Db, t: TournamentRow, games = tournamentGames(tx, t.id)): ArenaEntrant[] {
  const ended = games
    .filter((g) => g.status === "finished")
    .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0) || (a.id < b.id ? -1 : 1));
  return tournamentEntrants(tx, t.id).map((p) => ({
    id: p.userId,
    rating: p.rating,
    outcomes: ended
      .filter((g) => g.southId === p.userId || g.northId === p.userId)
      .map((g) => outcome(g, p.userId))
      .filter((o): o is ArenaOutcome => o !== null),
  }));
}

export function arenaTable(tx: Tx | Db, t: TournamentRow): ArenaStanding[] {
  return arenaStandings(arenaEntrants(tx, t));
}

/** Pairs whoever is free now (not paused, withdrawn or playing); nothing once the time is up or while paused. */
export function pairArena(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  if (t.status !== "running" || t.endsAt === null || now >= t.endsAt) return t;
  const games = tournamentGames(tx, t.id);
  const busy = new Set(games.filter((g) => g.status === "active").flatMap((g) => [g.southId, g.northId]));
  const rank = new Map(arenaTable(tx, t).map((s) => [s.id, s.rank]));
  const waiting: ArenaWaiting[] = tournamentEntrants(tx, t.id)
    .filter((p) => !p.withdrawn && !p.paused && !busy.has(p.userId))
    .map((p) => {
      const mine = games.filter((g) => g.southId === p.userId || g.northId === p.userId);
      const last = mine.at(-1);
      return {
        id: p.userId,
        rank: rank.get(p.userId) ?? Number.MAX_SAFE_INTEGER,
        lastOpponent: last ? (last.southId === p.userId ? last.northId : last.southId) : null,
        southBalance: mine.reduce((n, g) => n + (g.southId === p.userId ? 1 : -1), 0),
      };
    });
  const { pairs } = pairArenaWave(waiting, { playing: busy.size });
  if (pairs.length === 0) return t;
  const wave = t.currentRound + 1;
  storePairs(tx, t, wave, pairs, null, now);
  return updateTournament(tx, t, { currentRound: wave, updatedAt: now });
}

/** Starts the arena: its clock runs from now, and everyone entered is paired. */
export function startArena(tx: Tx, t: TournamentRow, now: number): TournamentRow {
  const running = updateTournament(tx, t, {
    status: "running",
    endsAt: now + (t.minutes ?? 0) * 60_000,
    updatedAt: now,
  });
  return pairArena(tx, running, now);
}

/** Whether the arena is over: its time is up and no game is left in progress. */
export function arenaOver(tx: Tx | Db, t: TournamentRow, now: number): boolean {
  if (t.endsAt === null || now < t.endsAt || t.status === "finished" || t.status === "cancelled") return false;
  return !tournamentGames(tx, t.id).some((g) => g.status === "active");
}

/** Finishes the arena when it is over (`byGame`: the game that was last). */
export function finishArenaIfDone(tx: Tx, t: TournamentRow, now: number, byGame: string | null): TournamentRow {
  return arenaOver(tx, t, now) ? finishTournament(tx, t, now, byGame) : t;
}

/** Arenas whose time is up (the scheduler finishes those whose last game has ended). */
export function arenasPastTheirEnd(db: Db, now: number): TournamentRow[] {
  return arenasEnded(db).all({ now });
}

// Each scheduler sweep's (at every change, throttled): built once (builtOnce).
const arenasEnded = builtOnce((db) =>
  db
    .select()
    .from(tournaments)
    .where(
      and(
        eq(tournaments.format, "arena"),
        inArray(tournaments.status, ["running", "paused"]),
        lte(tournaments.endsAt, sql.placeholder("now")),
      ),
    )
    .orderBy(asc(tournaments.endsAt))
    .prepare(),
);

/** The earliest end still to come of an arena under way; null when none. */
export function nextArenaEnd(db: Db, now: number): number | null {
  return firstArenaEnd(db).get({ now })?.at ?? null;
}

const firstArenaEnd = builtOnce((db) =>
  db
    .select({ at: min(tournaments.endsAt) })
    .from(tournaments)
    // Only ends to come: one past is finished by its last game's end (or was, by the sweep at that time).
    .where(
      and(
        eq(tournaments.format, "arena"),
        inArray(tournaments.status, ["running", "paused"]),
        gt(tournaments.endsAt, sql.placeholder("now")),
      ),
    )
    .prepare(),
);
