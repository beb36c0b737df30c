/**
 * Swiss tournaments for the commands, buttons and scheduler (not wired yet, issue #22): create, join
 * and leave, start, pause and resume, cancel, remove a player, standings and the TRF export. Every
 * change is one synchronous transaction; the rounds themselves advance in the games' own
 * transactions (tournament-store.ts, through the competition hook).
 */
import { and, asc, desc, eq, gt, inArray, lte, min, sql } from "drizzle-orm";
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
import { type Standing, standings, toTrf } from "../tournaments/index.ts";
import { arenaEntryDeadline, arenasPastTheirEnd, arenaTable, finishArenaIfDone, pairArena } from "./arena-store.ts";
import { abandonSeries, forfeitMatch, type KnockoutMatch, knockoutMatches, knockoutTable } from "./knockout-store.ts";
import { DEFAULT_FIRST_TO, MAX_FIRST_TO } from "./series-store.ts";
import { resumeFormat, startFormat } from "./tournament-formats.ts";
import {
  seedRating,
  swissRecord,
  tournamentEntrants,
  tournamentGames,
  tournamentPairingRows,
  tournamentRow,
  withdraw,
} from "./tournament-store.ts";

export const MAX_ROUNDS = 20;
/** Rounds when none are given: enough to separate a field of up to about 30. */
export const DEFAULT_ROUNDS = 5;
/** An arena's length when none is given: an hour, as Lichess's hourly arenas. */
export const DEFAULT_ARENA_MINUTES = 60;
/** An arena's length: at least ten minutes, at most two weeks (for games of a day a move). */
export const MIN_ARENA_MINUTES = 10;
export const MAX_ARENA_MINUTES = 14 * 24 * 60;
/** Players needed to start: with two, a Swiss is one game. */
export const MIN_PLAYERS = 3;
/** The last round a late entrant can start in (with zero points). */
export const LAST_ENTRY_ROUND = 2;

export interface NewTournament {
  readonly guildId: string;
  readonly channelId: string;
  readonly ruleset: RulesetId;
  /** Swiss when left out. */
  readonly format?: TournamentFormat;
  /** A Swiss's rounds (1 to MAX_ROUNDS); ignored by the other formats. */
  readonly rounds?: number;
  /** An arena's length in minutes. */
  readonly minutes?: number;
  /** A knockout's series length: first to this many wins (default DEFAULT_FIRST_TO). */
  readonly firstTo?: number;
  /** Seconds per move. */
  readonly timeLimit: number;
  readonly rated: boolean;
  readonly startAt?: number | null;
  readonly createdBy: string;
}

/**
 * One line of any format's standings: a Swiss's score (a win 1) and tie-breaks (Buchholz,
 * Sonneborn-Berger, and direct encounter when it applies); an arena's points (a win 2, 4 on fire);
 * a knockout's matches won, ranked by the round reached.
 */
export interface TableRow {
  readonly rank: number;
  readonly id: string;
  readonly score: number;
  /** A Swiss's Buchholz, Sonneborn-Berger and direct encounter (null where it does not apply); none for the others. */
  readonly tieBreaks: readonly (number | null)[];
  /** Games finished with a result. */
  readonly played: number;
  /** An arena player on a streak: the next win counts double. */
  readonly onFire: boolean;
  readonly withdrawn: boolean;
}

/** Games each player finished with a result (byes and games without a result left out). */
export function gamesPlayed(games: readonly GameRow[]): Map<string, number> {
  const played = new Map<string, number>();
  for (const g of games) {
    if (g.status !== "finished") continue;
    for (const id of [g.southId, g.northId]) played.set(id, (played.get(id) ?? 0) + 1);
  }
  return played;
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

/**
 * Whether players may still enter: before the start; after it, a Swiss until round LAST_ENTRY_ROUND is
 * paired (with zero points), an arena until its last quarter (a player who paused may come back until
 * its end), a knockout never (its bracket is drawn at the start).
 */
export function entriesOpen(t: TournamentRow, now: number, returning = false): boolean {
  if (t.status === "open") return true;
  if (t.status !== "running" && t.status !== "paused") return false;
  if (t.format === "arena") return now < ((returning ? t.endsAt : arenaEntryDeadline(t)) ?? 0);
  return t.format === "swiss" && t.currentRound < LAST_ENTRY_ROUND;
}

/** What a format adds to a tournament: a Swiss's rounds, an arena's minutes, a knockout's series length. */
function formatTerms(
  format: TournamentFormat,
  input: NewTournament,
): Pick<TournamentRow, "rounds" | "minutes" | "firstTo"> {
  if (format === "arena") {
    const minutes = input.minutes ?? DEFAULT_ARENA_MINUTES;
    if (!Number.isInteger(minutes) || minutes < MIN_ARENA_MINUTES || minutes > MAX_ARENA_MINUTES) {
      throw new UserError("tournament/minutes", { min: MIN_ARENA_MINUTES, max: MAX_ARENA_MINUTES });
    }
    return { rounds: 0, minutes, firstTo: null };
  }
  if (format === "knockout") {
    const firstTo = input.firstTo ?? DEFAULT_FIRST_TO;
    if (!Number.isInteger(firstTo) || firstTo < 1 || firstTo > MAX_FIRST_TO) {
      throw new UserError("series/first-to", { max: MAX_FIRST_TO });
    }
    // The bracket's rounds are known at the start, from the field.
    return { rounds: 0, minutes: null, firstTo };
  }
  const rounds = input.rounds ?? DEFAULT_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) {
    throw new UserError("tournament/rounds", { max: MAX_ROUNDS });
  }
  return { rounds, minutes: null, firstTo: null };
}

// Each scheduler sweep's (at every change, throttled): built once (builtOnce).
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

export class TournamentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
    /** Nickar itself: it plays single games, never in a tournament. */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

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
        format,
        ...formatTerms(format, input),
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
      matches: tournament.format === "knockout" ? knockoutMatches(this.db, tournament) : [],
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
      const entrant = this.entrant(tx, id, userId);
      // An arena player who paused comes back by joining again.
      if (t.format === "arena" && entrant?.paused && !entrant.withdrawn && entriesOpen(t, now, true)) {
        const back = this.setPaused(tx, id, userId, false);
        pairArena(tx, t, now);
        return back;
      }
      if (!entriesOpen(t, now)) throw new UserError("tournament/closed");
      if (entrant) throw new UserError("tournament/already-joined");
      const joined = tx
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
      // A late entrant to an arena is paired at once if someone is free.
      if (t.format === "arena" && t.status === "running") pairArena(tx, t, now);
      return joined;
    }, IMMEDIATE);
  }

  /**
   * `userId` leaves: before the start they are off the list; after it they are withdrawn (their games
   * played stay and count) and their game in progress is resigned, through the game service. Returns
   * the resigned game's id (its message needs the final board), or null.
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
    const done = this.db.transaction((tx) => finishArenaIfDone(tx, this.require(tx, id), now, null), IMMEDIATE);
    return done.status === "finished" && done.finishedAt === now ? done : null;
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
      return startFormat(tx, this.require(tx, id), now);
    }, IMMEDIATE);
  }

  /** Open tournaments whose start time has come, oldest first. */
  dueStarts(now: number = this.clock.now()): TournamentRow[] {
    return startsDue(this.db).all({ now });
  }

  /** The earliest start time or arena end still to come, for the scheduler's timer; null when none is set. */
  nextDue(): number | null {
    const start = firstStart(this.db).get()?.at;
    const end = firstArenaEnd(this.db).get({ now: this.clock.now() })?.at;
    const times = [start, end].filter((t): t is number => t != null);
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
      return { tournament: this.cancel(id, "").tournament, started: false };
    }
    try {
      return { tournament: this.start(id), started: true };
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
      return resumeFormat(tx, running, now);
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
      // The tournament is closed first, so these games' ends pair nothing; a knockout's series are abandoned
      // first, so that a game cancelled is not replayed as the next of its match.
      abandonSeries(tx, t, now);
      const active = tournamentGames(tx, id).filter((g) => g.status === "active");
      const cancelledGames = active.map((g) => this.games.cancel(g.id, note).row.id);
      return { tournament, cancelledGames };
    }, IMMEDIATE);
  }

  /** The standings after the games ended so far (score, Buchholz, Sonneborn-Berger, direct encounter). */
  standings(id: string): Standing[] {
    return standings(swissRecord(this.db, this.find(id)));
  }

  /** The standings of any format, as its views and images show them. */
  table(id: string): TableRow[] {
    const t = this.find(id);
    const withdrawn = new Set(
      tournamentEntrants(this.db, id)
        .filter((p) => p.withdrawn)
        .map((p) => p.userId),
    );
    const played = gamesPlayed(tournamentGames(this.db, id));
    if (t.format === "arena") {
      return arenaTable(this.db, t).map((s) => ({ ...s, tieBreaks: [], withdrawn: withdrawn.has(s.id) }));
    }
    if (t.format === "knockout") {
      return knockoutTable(this.db, t).map((s) => ({
        ...s,
        tieBreaks: [],
        played: played.get(s.id) ?? 0,
        onFire: false,
        withdrawn: withdrawn.has(s.id),
      }));
    }
    return this.standings(id).map((s) => ({
      rank: s.rank,
      id: s.id,
      score: s.score,
      tieBreaks: [s.buchholz, s.sonnebornBerger, s.directEncounter],
      played: played.get(s.id) ?? 0,
      onFire: false,
      withdrawn: withdrawn.has(s.id),
    }));
  }

  /** FIDE's TRF-16 of the tournament; `names` gives the players' names (else their user ids). */
  trf(id: string, names: ReadonlyMap<string, string> = new Map()): string {
    const t = this.find(id);
    if (t.format !== "swiss") throw new UserError("tournament/export-swiss");
    const record = swissRecord(this.db, t);
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

  private drop(tx: Tx, id: string, userId: string, removed: boolean): string | null {
    const t = this.require(tx, id);
    if (t.status === "finished" || t.status === "cancelled") throw new UserError("tournament/over");
    const entrant = this.entrant(tx, id, userId);
    // A paused arena player can still be removed, not leave again.
    if (!entrant || entrant.withdrawn || (entrant.paused && !removed)) throw new UserError("tournament/not-joined");
    if (t.status === "open") {
      tx.delete(tournamentPlayers)
        .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
        .run();
      return null;
    }
    // An arena player pauses: their game in progress goes on, and they are not paired again until they join again.
    if (t.format === "arena" && !removed) {
      this.setPaused(tx, id, userId, true);
      return null;
    }
    // Withdrawn first, so that if resigning ends the round, the next one is paired without them; a
    // knockout's match is given to the opponent.
    withdraw(tx, id, userId, this.clock.now());
    if (t.format === "knockout") forfeitMatch(tx, t, userId, this.clock.now());
    const active = tournamentGames(tx, id).find(
      (g) => g.status === "active" && (g.southId === userId || g.northId === userId),
    );
    return active ? this.games.resign(active.id, userId, null).row.id : null;
  }

  private setPaused(tx: Tx, id: string, userId: string, paused: boolean): TournamentPlayerRow {
    return tx
      .update(tournamentPlayers)
      .set({ paused })
      .where(and(eq(tournamentPlayers.tournamentId, id), eq(tournamentPlayers.userId, userId)))
      .returning()
      .get()!;
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
