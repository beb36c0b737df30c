/**
 * Tournaments for the commands, buttons and scheduler: create, join and leave, start, pause and resume,
 * cancel, remove a player, standings and the TRF export, whatever the format (what differs is the format's,
 * formats/). Every change is one synchronous IMMEDIATE transaction; the rounds themselves advance in the
 * games' own transactions (tournament-progress.ts, through the competition hook), a large Swiss field's
 * pairing in a worker thread afterwards (swiss-rounds.ts).
 */
import { and, asc, desc, eq, inArray, lte, min, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { builtOnce, type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import {
  type GameRow,
  TOURNAMENT_STATUSES,
  type TournamentFormat,
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
import { arenasPastTheirEnd, finishArenaIfDone } from "./arena-store.ts";
import { type Standing, standings, toTrf } from "./core/index.ts";
import type { FormatOptions, KnockoutMatch, TableRow } from "./formats/format.ts";
import { FORMATS, formatOf } from "./formats/registry.ts";
import { inThreadPairer, type SwissPairer } from "./swiss-pairer.ts";
import { SwissRounds } from "./swiss-rounds.ts";
import { drop, enter } from "./tournament-entries.ts";
import { recordStartedOnTime, recordTournamentPosts } from "./tournament-outbox.ts";
import { resumeFormat, startFormat } from "./tournament-progress.ts";
import {
  seedRating,
  swissRecord,
  tournamentEntrants,
  tournamentGames,
  tournamentPairingRows,
  tournamentRow,
} from "./tournament-store.ts";
import { tournamentTable } from "./tournament-table.ts";

// The formats' terms and entry rules, where the commands and views have always found them.
export { DEFAULT_ARENA_MINUTES, MAX_ARENA_MINUTES, MIN_ARENA_MINUTES } from "./formats/arena.ts";
export type { KnockoutMatch, TableRow } from "./formats/format.ts";
export { DEFAULT_ROUNDS, LAST_ENTRY_ROUND, MAX_ROUNDS } from "./formats/swiss.ts";
export { entriesOpen } from "./tournament-entries.ts";
export { gamesPlayed } from "./tournament-table.ts";

/** Players needed to start: with two, a Swiss is one game. */
export const MIN_PLAYERS = 3;

export interface NewTournament extends FormatOptions {
  readonly guildId: string;
  readonly channelId: string;
  readonly ruleset: RulesetId;
  /** Swiss when left out. */
  readonly format?: TournamentFormat;
  /** A Swiss's top seed's side in round 1 (TRF `XXC`); South when left out. */
  readonly firstSide?: "S" | "N";
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
  /** When it was read: what the status line counts from (an arena's end, a start to come). */
  readonly now: number;
  /** A knockout's matches with their series scores; empty for the other formats. */
  readonly matches: readonly KnockoutMatch[];
}

// The scheduler's, at every change window (four a second under load): built once (builtOnce).
const startsDue = builtOnce((db) =>
  db
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.status, "open"), lte(tournaments.startAt, sql.placeholder("now"))))
    .orderBy(asc(tournaments.startAt))
    .prepare(),
);
const firstStart = builtOnce((db) =>
  db
    .select({ at: min(tournaments.startAt) })
    .from(tournaments)
    .where(eq(tournaments.status, "open"))
    .prepare(),
);

export class TournamentService {
  /** A large Swiss field's rounds, paired off the event loop by the pairing job (swiss-rounds.ts). */
  readonly rounds: SwissRounds;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
    /** Nickar itself: it plays single games, never in a tournament. */
    private readonly bots: ReadonlySet<string> = new Set(),
    /** Who pairs those rounds: the bot's worker thread, else the calling thread. */
    pairer: SwissPairer = inThreadPairer,
  ) {
    this.rounds = new SwissRounds(db, clock, pairer);
  }

  create(input: NewTournament): TournamentRow {
    const format = input.format ?? "swiss";
    const now = this.clock.now();
    if (input.startAt != null && input.startAt <= now) throw new UserError("tournament/start-past");
    return this.db
      .insert(tournaments)
      .values({
        id: newId(),
        guildId: input.guildId,
        channelId: input.channelId,
        ruleset: input.ruleset,
        timeLimit: input.timeLimit,
        rated: input.rated,
        createdBy: input.createdBy,
        startAt: input.startAt ?? null,
        firstSide: input.firstSide ?? "S",
        format,
        ...FORMATS[format].terms(input),
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
      now: this.clock.now(),
      matches: formatOf(tournament).matches?.(this.db, tournament) ?? [],
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
      const joined = enter(tx, this.require(tx, id), userId, now);
      // A late entrant to an arena (or one back from a pause) may be paired at once: its games' posts.
      recordTournamentPosts(tx, id, now);
      return joined;
    }, IMMEDIATE);
  }

  /**
   * `userId` leaves: before the start they are off the list; after it, as the format says, they pause (an
   * arena) or are withdrawn (their games played stay and count) and their game in progress is resigned,
   * through the game service. Returns the resigned game's id (its message needs the final board), or null.
   */
  leave(id: string, userId: string): string | null {
    return this.db.transaction((tx) => this.drop(tx, id, userId, false), IMMEDIATE);
  }

  /** An organiser takes a player out (as if they left). */
  removePlayer(id: string, userId: string): string | null {
    return this.db.transaction((tx) => this.drop(tx, id, userId, true), IMMEDIATE);
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

  /** Arenas whose time is up (running or paused): the scheduler finishes each whose last game has ended. */
  arenasPastTheirEnd(now: number = this.clock.now()): TournamentRow[] {
    return arenasPastTheirEnd(this.db, now);
  }

  /**
   * Finishes an arena whose time is up and whose last game has ended (one whose last game ends later is
   * finished by it). Returns it when this call finished it.
   */
  finishArena(id: string, now: number = this.clock.now()): TournamentRow | null {
    const done = this.db.transaction((tx) => {
      const finished = finishArenaIfDone(tx, this.require(tx, id), now, null);
      recordTournamentPosts(tx, id, now);
      return finished;
    }, IMMEDIATE);
    return done.status === "finished" && done.finishedAt === now ? done : null;
  }

  /**
   * Starts the tournament: seeds the entrants by their current rating and pairs round 1. `onTime`: the
   * scheduler started it at its set time, which the line it writes to the outbox says (before round 1).
   */
  start(id: string, onTime = false): TournamentRow {
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
      const started = startFormat(tx, this.require(tx, id), now);
      if (onTime) recordStartedOnTime(tx, started, true, now);
      recordTournamentPosts(tx, id, now);
      return started;
    }, IMMEDIATE);
  }

  /** Open tournaments whose start time has come, oldest first. */
  dueStarts(now: number = this.clock.now()): TournamentRow[] {
    return startsDue(this.db).all({ now });
  }

  /** The earliest start time or format's time (an arena's end) still to come, for the scheduler's timer; null when none is set. */
  nextDue(): number | null {
    const now = this.clock.now();
    const start = firstStart(this.db).get()?.at;
    const formats = Object.values(FORMATS).map((f) => f.nextDue?.(this.db, now));
    const times = [start, ...formats].filter((t): t is number => t != null);
    return times.length ? Math.min(...times) : null;
  }

  /**
   * The scheduler's start at the set time: started as by its organiser, or, with fewer than
   * MIN_PLAYERS entrants, cancelled (nobody is there to start it by hand). Null when it had already
   * started or ended meanwhile (another process, or its organiser).
   */
  startOnTime(id: string): { tournament: TournamentRow; started: boolean } | null {
    const t = this.get(id);
    if (t?.status !== "open") return null;
    if (tournamentEntrants(this.db, id).length < MIN_PLAYERS) {
      return { tournament: this.cancel(id, "", true).tournament, started: false };
    }
    try {
      return { tournament: this.start(id, true), started: true };
    } catch (err) {
      // Started by its organiser between the read and the start.
      if (err instanceof UserError && err.code === "tournament/not-open") return null;
      throw err;
    }
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
      const resumed = resumeFormat(tx, running, now);
      recordTournamentPosts(tx, id, now);
      return resumed;
    }, IMMEDIATE);
  }

  /**
   * Ends the tournament with no result; its games in progress are cancelled (through the game service).
   * `tooFew`: the scheduler cancelled it at its start time, which the line it writes to the outbox says.
   */
  cancel(id: string, note: string, tooFew = false): { tournament: TournamentRow; cancelledGames: readonly string[] } {
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
      // The tournament is closed first, so these games' ends pair nothing; a knockout's series are abandoned
      // first, so that a game cancelled is not replayed as the next of its match.
      formatOf(t).cancelled?.(tx, t, now);
      const active = tournamentGames(tx, id).filter((g) => g.status === "active");
      const cancelledGames = active.map((g) => this.games.cancel(g.id, note).row.id);
      if (tooFew) recordStartedOnTime(tx, tournament, false, now);
      return { tournament, cancelledGames };
    }, IMMEDIATE);
  }

  /** The standings after the games ended so far (score, Buchholz, Sonneborn-Berger, direct encounter). */
  standings(id: string): Standing[] {
    return standings(swissRecord(this.db, this.find(id)));
  }

  /** The standings of any format, as its views and images show them. */
  table(id: string): TableRow[] {
    return tournamentTable(this.db, this.find(id));
  }

  /** FIDE's TRF-16 of the tournament; `names` gives the players' names (else their user ids). */
  trf(id: string, names: ReadonlyMap<string, string> = new Map()): string {
    const t = this.find(id);
    const record = formatOf(t).trfRecord?.(this.db, t);
    if (!record) throw new UserError("tournament/export-swiss");
    return toTrf({ ...record, entrants: record.entrants.map((e) => ({ ...e, name: names.get(e.id) ?? e.id })) });
  }

  private drop(tx: Tx, id: string, userId: string, removed: boolean): string | null {
    return drop(tx, this.games, this.require(tx, id), userId, removed, this.clock.now());
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
