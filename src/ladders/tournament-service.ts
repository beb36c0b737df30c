/**
 * Swiss tournaments for the commands, buttons and scheduler (not wired yet, issue #22): create, join
 * and leave, start, pause and resume, cancel, remove a player, standings and the TRF export. Every
 * change is one synchronous transaction; the rounds themselves advance in the games' own
 * transactions (tournament-store.ts, through the competition hook).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import {
  type GameRow,
  TOURNAMENT_STATUSES,
  type TournamentPairingRow,
  type TournamentPlayerRow,
  type TournamentRow,
  type TournamentStatus,
  tournamentPlayers,
  tournaments,
} from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { quoted, UserError } from "../errors.ts";
import { newId } from "../games/ids.ts";
import type { GameService } from "../games/service.ts";
import { type Standing, standings, toTrf } from "../tournaments/index.ts";
import {
  advanceIfDone,
  pairNextRound,
  seedRating,
  swissRecord,
  tournamentEntrants,
  tournamentGames,
  tournamentPairingRows,
  tournamentRow,
  withdraw,
} from "./tournament-store.ts";

export const MAX_ROUNDS = 20;
/** Players needed to start: with two, a Swiss is one game. */
export const MIN_PLAYERS = 3;
/** The last round a late entrant can start in (with zero points). */
export const LAST_ENTRY_ROUND = 2;

export interface NewTournament {
  readonly guildId: string;
  readonly channelId: string;
  readonly ruleset: RulesetId;
  readonly rounds: number;
  /** Seconds per move. */
  readonly timeLimit: number;
  readonly rated: boolean;
  readonly startAt?: number | null;
  readonly createdBy: string;
}

export interface TournamentView {
  readonly tournament: TournamentRow;
  readonly players: readonly TournamentPlayerRow[];
  readonly pairings: readonly TournamentPairingRow[];
  readonly games: readonly GameRow[];
}

export class TournamentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
    /** Nickar itself: it plays single games, never in a tournament. */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  create(input: NewTournament): TournamentRow {
    const { rounds } = input;
    if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) {
      throw new UserError("tournament/rounds", { max: MAX_ROUNDS });
    }
    const now = this.clock.now();
    return this.db
      .insert(tournaments)
      .values({
        id: newId(),
        ...input,
        startAt: input.startAt ?? null,
        format: "swiss",
        status: "open",
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
  }

  /** Remembers the announcement message (its Join, Leave and Start buttons; edited as the tournament moves on). */
  bindMessage(id: string, messageId: string): void {
    this.db.update(tournaments).set({ messageId }).where(eq(tournaments.id, id)).run();
  }

  get(id: string): TournamentRow | null {
    return tournamentRow(this.db, id);
  }

  /** The tournament, which must exist and, when `guildId` is given, belong to that server. */
  find(id: string, guildId?: string): TournamentRow {
    return this.require(this.db, id, guildId);
  }

  /** Everything about a tournament: entrants, pairings (byes too) and games. */
  view(id: string): TournamentView {
    const tournament = this.find(id);
    return {
      tournament,
      players: tournamentEntrants(this.db, id),
      pairings: tournamentPairingRows(this.db, id),
      games: tournamentGames(this.db, id),
    };
  }

  /**
   * `userId` enters: before the start, or late (with zero points) while the next round to pair is at
   * most LAST_ENTRY_ROUND. Returns the first round they will be paired in.
   */
  join(id: string, userId: string): TournamentPlayerRow {
    if (this.bots.has(userId)) throw new UserError("tournament/bot");
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const t = this.require(tx, id);
      const late = t.status === "running" || t.status === "paused";
      if (!(t.status === "open" || (late && t.currentRound < LAST_ENTRY_ROUND))) {
        throw new UserError("tournament/closed");
      }
      if (this.entrant(tx, id, userId)) throw new UserError("tournament/already-joined");
      return tx
        .insert(tournamentPlayers)
        .values({
          tournamentId: id,
          userId,
          joinedAt: now,
          joinedRound: t.currentRound + 1,
          rating: seedRating(tx, t, userId),
        })
        .returning()
        .get();
    }, IMMEDIATE);
  }

  /**
   * `userId` leaves: before the start they are off the list; after it they are withdrawn (their games
   * played stay and count) and their game in progress is resigned, through the game service. Returns
   * the resigned game's id (its message needs the final board), or null.
   */
  leave(id: string, userId: string): string | null {
    return this.db.transaction((tx) => this.drop(tx, id, userId), IMMEDIATE);
  }

  /** An organiser takes a player out (as if they left). */
  removePlayer(id: string, userId: string): string | null {
    return this.db.transaction((tx) => this.drop(tx, id, userId), IMMEDIATE);
  }

  /** A server's tournaments with one of `statuses` (all by default), newest first. */
  list(guildId: string, statuses: readonly TournamentStatus[] = TOURNAMENT_STATUSES): TournamentRow[] {
    return this.db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.guildId, guildId), inArray(tournaments.status, [...statuses])))
      .orderBy(desc(tournaments.createdAt), desc(tournaments.id))
      .all();
  }

  /** Starts the tournament: seeds the entrants by their current rating and pairs round 1. */
  start(id: string): TournamentRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const t = this.require(tx, id);
      if (t.status !== "open") throw new UserError("tournament/not-open");
      const entrants = tournamentEntrants(tx, id);
      if (entrants.length < MIN_PLAYERS) {
        throw new UserError("tournament/too-few-players", { count: entrants.length, min: MIN_PLAYERS });
      }
      for (const p of entrants) {
        tx.update(tournamentPlayers)
          .set({ rating: seedRating(tx, t, p.userId) })
          .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, p.userId)))
          .run();
      }
      return pairNextRound(tx, { ...t, status: "running" }, now);
    }, IMMEDIATE);
  }

  /** No new round is paired while paused; the games in progress go on. */
  pause(id: string): TournamentRow {
    return this.setStatus(id, "running", "paused", "tournament/not-running");
  }

  /** Back to running: if the round ended meanwhile, the next one is paired now. */
  resume(id: string): TournamentRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const t = this.require(tx, id);
      if (t.status !== "paused") throw new UserError("tournament/not-paused");
      const running = tx
        .update(tournaments)
        .set({ status: "running", updatedAt: now })
        .where(eq(tournaments.id, id))
        .returning()
        .get()!;
      return advanceIfDone(tx, running, now);
    }, IMMEDIATE);
  }

  /** Ends the tournament with no result; its games in progress are cancelled (through the game service). */
  cancel(id: string, note: string): { tournament: TournamentRow; cancelledGames: readonly string[] } {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const t = this.require(tx, id);
      if (t.status === "finished" || t.status === "cancelled") throw new UserError("tournament/over");
      const tournament = tx
        .update(tournaments)
        .set({ status: "cancelled", updatedAt: now, finishedAt: now })
        .where(eq(tournaments.id, id))
        .returning()
        .get()!;
      // The tournament is closed first, so these games' ends pair nothing.
      const active = tournamentGames(tx, id).filter((g) => g.status === "active");
      const cancelledGames = active.map((g) => this.games.cancel(g.id, note).row.id);
      return { tournament, cancelledGames };
    }, IMMEDIATE);
  }

  /** The standings after the games ended so far (score, Buchholz, Sonneborn-Berger, direct encounter). */
  standings(id: string): Standing[] {
    return standings(swissRecord(this.db, this.find(id)));
  }

  /** FIDE's TRF-16 of the tournament; `names` gives the players' names (else their user ids). */
  trf(id: string, names: ReadonlyMap<string, string> = new Map()): string {
    const record = swissRecord(this.db, this.find(id));
    return toTrf({ ...record, entrants: record.entrants.map((e) => ({ ...e, name: names.get(e.id) ?? e.id })) });
  }

  private entrant(tx: Tx, id: string, userId: string): TournamentPlayerRow | null {
    return (
      tx
        .select()
        .from(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
        .get() ?? null
    );
  }

  private drop(tx: Tx, id: string, userId: string): string | null {
    const t = this.require(tx, id);
    if (t.status === "finished" || t.status === "cancelled") throw new UserError("tournament/over");
    const entrant = this.entrant(tx, id, userId);
    if (!entrant || entrant.withdrawn) throw new UserError("tournament/not-joined");
    if (t.status === "open") {
      tx.delete(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
        .run();
      return null;
    }
    // Withdrawn first, so that if resigning ends the round, the next one is paired without them.
    withdraw(tx, id, userId, this.clock.now());
    const active = tournamentGames(tx, id).find(
      (g) => g.status === "active" && (g.southId === userId || g.northId === userId),
    );
    return active ? this.games.resign(active.id, userId, null).row.id : null;
  }

  private setStatus(
    id: string,
    from: TournamentRow["status"],
    to: TournamentRow["status"],
    refusal: "tournament/not-running",
  ): TournamentRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const t = this.require(tx, id);
      if (t.status !== from) throw new UserError(refusal);
      return tx
        .update(tournaments)
        .set({ status: to, updatedAt: now })
        .where(eq(tournaments.id, id))
        .returning()
        .get()!;
    }, IMMEDIATE);
  }

  private require(tx: Tx | Db, id: string, guildId?: string): TournamentRow {
    const t = tournamentRow(tx, id);
    if (!t || (guildId !== undefined && t.guildId !== guildId)) {
      throw new UserError("tournament/not-found", { id: quoted(id) });
    }
    return t;
  }
}
