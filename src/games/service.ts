/**
 * The only code that changes games. Every change is one synchronous transaction that loads the row,
 * checks seat, turn and the expected ply, asks the engine, and writes with
 * `WHERE id = ? AND ply = ? AND status = 'active'`, so two racing presses can never both succeed.
 * It returns a snapshot for the caller to render; it knows nothing about Discord.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { HEARTBEAT, readState, writeState } from "../db/bot-state.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { type BotReason, type ComputerLevel, challenges, type GameRow, type GameStatus, games } from "../db/schema.ts";
import { formatPosition, newGame, opponent, type Player, play, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { type CompetitionHooks, isCommitted } from "./hooks.ts";
import { newId } from "./ids.ts";
import { type GameSnapshot, seatOf, snapshotOf } from "./snapshot.ts";

export interface NewGameInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string | null;
  readonly ruleset: RulesetId;
  readonly southId: string;
  readonly northId: string;
  readonly timeLimit: number;
  readonly rated: boolean;
  readonly seriesId?: string | null;
  readonly seriesGame?: number | null;
  readonly ladderChallengerId?: string | null;
  /** A game against the computer opponent (one of the players is Nickar itself): its strength. */
  readonly level?: ComputerLevel | null;
}

/**
 * Deadline and reminder for the move that starts now. The computer opponent has none: it moves as
 * soon as its search ends and never loses on time (src/discord/computer-turns.ts resumes it).
 */
function clockFields(timeLimit: number, now: number, computerToMove = false) {
  if (computerToMove) return { deadlineAt: null, reminderAt: null };
  return { deadlineAt: now + timeLimit * 1000, reminderAt: now + timeLimit * 500 };
}

/** The seat of the computer opponent in a game against it (its user id is one of `bots`), else null. */
export function computerSeat(row: GameRow, bots: ReadonlySet<string>): Player | null {
  if (row.level === null) return null;
  return bots.has(row.southId) ? 0 : bots.has(row.northId) ? 1 : null;
}

/**
 * Creates a game inside the caller's transaction (a challenge accepted, the next game of a series, a
 * game against the computer, whose user id is `computerId`).
 */
export function insertGame(tx: Tx, input: NewGameInput, now: number, computerId: string | null = null): GameRow {
  const start = newGame(input.ruleset).position;
  const first = start.toMove === 0 ? input.southId : input.northId;
  const computerFirst = computerId !== null && first === computerId;
  const row = tx
    .insert(games)
    .values({
      id: newId(),
      ...input,
      position: formatPosition(start),
      ...clockFields(input.timeLimit, now, computerFirst),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return row;
}

/** How many games meet `where`. */
export function countGames(tx: Tx | Db, where: SQL | undefined): number {
  return tx.select({ n: count() }).from(games).where(where).get()?.n ?? 0;
}

/** The games of a player in a server (South or North) whose status meets `status`. */
function playerGames(guildId: string, userId: string, status: SQL) {
  return and(eq(games.guildId, guildId), status, or(eq(games.southId, userId), eq(games.northId, userId)));
}

/** Counts active games of a player in a server (for the simultaneous-games limit). */
export function activeGameCount(tx: Tx | Db, guildId: string, userId: string): number {
  return countGames(tx, playerGames(guildId, userId, eq(games.status, "active")));
}

export type DrawResult = { readonly kind: "offered" | "agreed"; readonly game: GameSnapshot };

/** What the deadline sweep did to one game. */
export type GameNotice =
  | { readonly kind: "reminder"; readonly game: GameSnapshot }
  | { readonly kind: "timeout"; readonly game: GameSnapshot };

/** A due game or challenge that could not be handled: skipped until `retryAt`. */
export interface SweepFailure {
  readonly id: string;
  readonly error: unknown;
  /** How many sweeps in a row it has failed. */
  readonly attempts: number;
  readonly retryAt: number;
}

/**
 * Remembers the items that failed in a sweep (a move list that no longer replays, a hook error, a
 * locked database), so that one bad item neither stops the others nor is retried in a tight loop:
 * it is skipped until its retry time, the wait doubling from a minute up to an hour.
 */
export class RetryLater {
  private readonly failing = new Map<string, { attempts: number; retryAt: number }>();

  constructor(
    private readonly first = 60_000,
    private readonly max = 60 * 60_000,
  ) {}

  /** Whether `id` failed recently and must not be tried before its retry time. */
  waiting(id: string, now: number): boolean {
    const f = this.failing.get(id);
    return f !== undefined && f.retryAt > now;
  }

  /** The earliest time `id`, due at `due`, may be tried. */
  notBefore(id: string, due: number): number {
    const f = this.failing.get(id);
    return f ? Math.max(due, f.retryAt) : due;
  }

  failed(id: string, error: unknown, now: number): SweepFailure {
    const attempts = (this.failing.get(id)?.attempts ?? 0) + 1;
    const retryAt = now + Math.min(this.first * 2 ** (attempts - 1), this.max);
    this.failing.set(id, { attempts, retryAt });
    return { id, error, attempts, retryAt };
  }

  succeeded(id: string): void {
    this.failing.delete(id);
  }

  /** Forgets the items that are no longer due (ended some other way). */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of this.failing.keys()) if (!ids.has(id)) this.failing.delete(id);
  }

  /**
   * One sweep over the items due now: `handle` runs for each one not waiting for its retry time, in
   * its own try/catch, so one that throws is reported in `failed` and the others are still handled.
   * Returns what `handle` returned (nulls left out).
   */
  sweep<T>(
    due: readonly string[],
    now: number,
    handle: (id: string) => T | null,
  ): { done: T[]; failed: SweepFailure[] } {
    this.keepOnly(new Set(due));
    const done: T[] = [];
    const failed: SweepFailure[] = [];
    for (const id of due) {
      if (this.waiting(id, now)) continue;
      try {
        const result = handle(id);
        this.succeeded(id);
        if (result !== null) done.push(result);
      } catch (error) {
        failed.push(this.failed(id, error, now));
      }
    }
    return { done, failed };
  }
}

/** Clocks given back after the bot was down (see `resumeAfterDowntime`). */
export interface Downtime {
  /** The last heartbeat before the stop. */
  readonly since: number;
  /** How long the bot was down: every shifted time moved forward by this. */
  readonly ms: number;
  /** The active games whose deadline and reminder moved. */
  readonly games: readonly string[];
  /** The pending challenges whose expiry moved. */
  readonly challenges: readonly string[];
}

export class GameService {
  /** Due games the sweep could not handle, skipped for a while. */
  private readonly retry = new RetryLater();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Ratings, ladder and series: told inside the transaction whenever a game ends or is voided. */
    private readonly hooks: CompetitionHooks,
    /** The computer opponent's user id (once logged in): no clock runs while it is to move. */
    private readonly bots: ReadonlySet<string> = new Set(),
  ) {}

  get(gameId: string): GameSnapshot | null {
    const row = this.db.select().from(games).where(eq(games.id, gameId)).get();
    return row ? snapshotOf(row) : null;
  }

  /** Active games of a player in a server, oldest first. */
  activeFor(guildId: string, userId: string): GameSnapshot[] {
    return this.db
      .select()
      .from(games)
      .where(playerGames(guildId, userId, eq(games.status, "active")))
      .orderBy(asc(games.createdAt))
      .all()
      .map(snapshotOf);
  }

  /**
   * The game a person typed the id of, in a server: the exact id, else the id in another case (ids are
   * lowercase now, older ones mixed-case: nobody should have to type the case right).
   */
  find(guildId: string, typed: string): GameSnapshot | null {
    const id = typed.trim();
    if (!id) return null;
    const exact = this.db
      .select()
      .from(games)
      .where(and(eq(games.id, id), eq(games.guildId, guildId)))
      .get();
    const row =
      exact ??
      this.db
        .select()
        .from(games)
        .where(and(sql`lower(${games.id}) = ${id.toLowerCase()}`, eq(games.guildId, guildId)))
        .get();
    return row ? snapshotOf(row) : null;
  }

  /** The ladder game of a server and ruleset that finished last, if it finished at or after `since`. */
  lastLadderGame(guildId: string, ruleset: RulesetId, since: number): GameRow | null {
    return (
      this.db
        .select()
        .from(games)
        .where(
          and(
            eq(games.guildId, guildId),
            eq(games.ruleset, ruleset),
            eq(games.status, "finished"),
            isNotNull(games.ladderChallengerId),
            gte(games.finishedAt, since),
          ),
        )
        .orderBy(desc(games.finishedAt), desc(sql`rowid`))
        .limit(1)
        .get() ?? null
    );
  }

  /** For id suggestions: the player's games first (latest first), then the server's other recent games. */
  recent(guildId: string, userId: string, limit = 25): GameRow[] {
    const mine = this.db
      .select()
      .from(games)
      .where(playerGames(guildId, userId, sql`1 = 1`))
      .orderBy(desc(games.updatedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    const others = this.db
      .select()
      .from(games)
      .where(and(eq(games.guildId, guildId), ne(games.southId, userId), ne(games.northId, userId)))
      .orderBy(desc(games.updatedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    return [...mine, ...others].slice(0, limit);
  }

  /** A player's ended games in a server, latest first, and how many there are in all. */
  history(guildId: string, userId: string, limit = 10): { rows: GameRow[]; total: number } {
    const where = playerGames(guildId, userId, ne(games.status, "active"));
    const rows = this.db
      .select()
      .from(games)
      .where(where)
      // Games that ended in the same millisecond: the one created later first.
      .orderBy(desc(games.finishedAt), desc(sql`rowid`))
      .limit(limit)
      .all();
    const total = countGames(this.db, where);
    return { rows, total };
  }

  bindMessage(gameId: string, channelId: string, messageId: string): void {
    this.db.update(games).set({ channelId, messageId }).where(eq(games.id, gameId)).run();
  }

  /**
   * Plays a house for `userId`. `expectedPly` is the ply the pressed button was drawn for (null from a
   * slash command, which always means "the current position").
   */
  play(gameId: string, userId: string, house: number, expectedPly: number | null): GameSnapshot {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const { row } = game;
      if (game.state.position.toMove !== seat) throw new UserError("game/not-your-turn", "It is not your turn.");
      const played = play(game.state, house);
      if (!played.ok) throw new UserError(played.error.code, `You cannot play that: ${played.error.message}.`);
      const next = played.value.state;
      const outcome = next.outcome;
      // A move by the player who did not offer a draw declines it.
      const drawOfferBy = row.drawOfferBy !== null && row.drawOfferBy !== seat ? null : row.drawOfferBy;
      const finished = outcome.over
        ? {
            status: "finished" as const,
            winner: outcome.winner,
            reason: outcome.reason,
            finishedAt: now,
            deadlineAt: null,
            reminderAt: null,
            drawOfferBy: null,
          }
        : {
            ...clockFields(row.timeLimit, now, computerSeat(row, this.bots) === next.position.toMove),
            drawOfferBy,
          };
      return this.write(
        tx,
        game,
        {
          moves: JSON.stringify(next.history),
          position: formatPosition(next.position),
          ply: row.ply + 1,
          updatedAt: now,
          ...finished,
        },
        // The state after the move is known: no need to replay the move list again.
        { state: next, last: { player: seat, house, before: game.state, events: played.value.events } },
      );
    }, IMMEDIATE);
  }

  resign(gameId: string, userId: string, expectedPly: number | null): GameSnapshot {
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      return this.finish(tx, game, "finished", opponent(seat), "resign");
    }, IMMEDIATE);
  }

  /** Offers a draw, or accepts the opponent's pending offer. */
  draw(gameId: string, userId: string, expectedPly: number | null): DrawResult {
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const offerBy = game.row.drawOfferBy;
      if (offerBy === opponent(seat))
        return { kind: "agreed", game: this.finish(tx, game, "finished", null, "agreement") };
      if (offerBy === seat) throw new UserError("draw/already-offered", "You have already offered a draw.");
      return { kind: "offered", game: this.write(tx, game, { drawOfferBy: seat, updatedAt: this.clock.now() }) };
    }, IMMEDIATE);
  }

  /** Declines the opponent's pending draw offer (the game goes on). */
  declineDraw(gameId: string, userId: string, expectedPly: number | null): GameSnapshot {
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const offerBy = game.row.drawOfferBy;
      if (offerBy === null) throw new UserError("draw/none", "There is no draw offer to decline.");
      if (offerBy === seat) throw new UserError("draw/own-offer", "That is your own offer: your opponent answers it.");
      return this.write(tx, game, { drawOfferBy: null, updatedAt: this.clock.now() });
    }, IMMEDIATE);
  }

  /** Ends a game with no result, allowed until both players have moved (never in a ladder or series game). */
  abort(gameId: string, userId: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const { game } = this.loadForPlayer(tx, gameId, userId, null);
      if (isCommitted(game.row)) {
        const way = game.row.seriesId ? "resign it or the series (/nickar series resign)" : "resign it";
        throw new UserError("abort/committed", `A ladder or series game cannot be aborted: ${way}.`);
      }
      if (game.state.movers.includes(0) && game.state.movers.includes(1)) {
        throw new UserError("abort/too-late", "Both players have moved: resign or offer a draw instead.");
      }
      return this.finish(tx, game, "aborted", null, "abort");
    }, IMMEDIATE);
  }

  /** An admin ends any active game with no result. */
  cancel(gameId: string, note: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const row = tx.select().from(games).where(eq(games.id, gameId)).get();
      if (!row) throw new UserError("game/not-found", `There is no game ${gameId}.`);
      if (row.status !== "active") throw new UserError("game/over", "That game is already over.");
      return this.finish(tx, snapshotOf(row), "cancelled", null, "cancel", note);
    }, IMMEDIATE);
  }

  /**
   * An admin voids a finished game: it keeps its result, but ratings are rebuilt without it.
   * (Status stays `finished`; only the void fields change, so no ply check is needed.)
   */
  void(gameId: string, reason: string): GameSnapshot {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const row = tx.select().from(games).where(eq(games.id, gameId)).get();
      if (!row) throw new UserError("game/not-found", `There is no game ${gameId}.`);
      if (row.status !== "finished") throw new UserError("void/not-finished", "Only a finished game can be voided.");
      if (row.voidedAt !== null) throw new UserError("void/already", "That game is already void.");
      const voided = tx
        .update(games)
        .set({ voidedAt: now, voidReason: reason, updatedAt: now })
        .where(and(eq(games.id, gameId), isNull(games.voidedAt)))
        .returning()
        .get();
      if (!voided) throw new UserError("void/already", "That game is already void.");
      this.hooks.gameVoided(tx, voided, now);
      return snapshotOf(voided);
    }, IMMEDIATE);
  }

  /**
   * Sends due reminders and ends games whose player to move ran out of time. Each game is handled in
   * its own transaction and its own try/catch: a game that fails (a move list that no longer replays,
   * a hook error, a locked database) is reported in `failed` and skipped for a while (`RetryLater`),
   * and the others are still handled.
   */
  sweep(): { notices: GameNotice[]; failed: SweepFailure[] } {
    const now = this.clock.now();
    const due = this.db
      .select({ id: games.id })
      .from(games)
      .where(
        and(
          eq(games.status, "active"),
          or(lte(games.deadlineAt, now), and(isNotNull(games.reminderAt), lte(games.reminderAt, now))),
        ),
      )
      .all();
    const { done, failed } = this.retry.sweep(
      due.map((d) => d.id),
      now,
      (id) => this.db.transaction((tx) => this.enforce(tx, id, now), IMMEDIATE),
    );
    return { notices: done, failed };
  }

  /** The earliest deadline or reminder of any active game (a failed one: its retry time), for the scheduler. */
  nextDue(): number | null {
    const rows = this.db
      .select({ id: games.id, deadlineAt: games.deadlineAt, reminderAt: games.reminderAt })
      .from(games)
      .where(eq(games.status, "active"))
      .all();
    let next: number | null = null;
    for (const r of rows) {
      for (const t of [r.deadlineAt, r.reminderAt]) {
        if (t === null) continue;
        const at = this.retry.notBefore(r.id, t);
        if (next === null || at < next) next = at;
      }
    }
    return next;
  }

  /** Active games that have no message yet (posted by the scheduler when nobody else did), oldest first. */
  unposted(): GameRow[] {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.status, "active"), isNull(games.messageId)))
      .orderBy(asc(games.createdAt))
      .all();
  }

  /** Records that the bot is running now (the scheduler calls this every few seconds). */
  heartbeat(): void {
    writeState(this.db, HEARTBEAT, this.clock.now());
  }

  /**
   * Clocks stop while the bot is down. Called once at startup, before the first sweep: if the last
   * heartbeat is more than `threshold` ms old, every active game's deadline and reminder and every
   * pending challenge's expiry move forward by the downtime (now − last heartbeat), in one transaction
   * with the new heartbeat. Returns what moved, or null (first start ever, or a short stop).
   */
  resumeAfterDowntime(threshold: number): Downtime | null {
    const now = this.clock.now();
    return this.db.transaction((tx): Downtime | null => {
      const since = readState(tx, HEARTBEAT);
      writeState(tx, HEARTBEAT, now);
      if (since === null || now - since <= threshold) return null;
      const ms = now - since;
      const shiftedGames = tx
        .update(games)
        .set({ deadlineAt: sql`${games.deadlineAt} + ${ms}`, reminderAt: sql`${games.reminderAt} + ${ms}` })
        .where(eq(games.status, "active"))
        .returning({ id: games.id })
        .all();
      // Pending challenges wait on the same clock (a ladder challenge left unanswered is a forfeit).
      const shiftedChallenges = tx
        .update(challenges)
        .set({ expiresAt: sql`${challenges.expiresAt} + ${ms}` })
        .where(eq(challenges.status, "pending"))
        .returning({ id: challenges.id })
        .all();
      return { since, ms, games: shiftedGames.map((g) => g.id), challenges: shiftedChallenges.map((c) => c.id) };
    }, IMMEDIATE);
  }

  /** What is due for one game at `now`: its time-out, its reminder, or nothing (someone got there first). */
  private enforce(tx: Tx, id: string, now: number): GameNotice | null {
    const row = tx.select().from(games).where(eq(games.id, id)).get();
    if (row?.status !== "active") return null;
    if (row.deadlineAt !== null && row.deadlineAt <= now) {
      const game = snapshotOf(row);
      const loser = game.state.position.toMove;
      // A player who never moved has not really started: abort instead of scoring a win. Except in
      // a ladder or series game: accepting it was the commitment, so time counts from the start.
      if (!game.state.movers.includes(loser) && !isCommitted(row)) {
        return { kind: "timeout", game: this.finish(tx, game, "aborted", null, "no-first-move") };
      }
      return { kind: "timeout", game: this.finish(tx, game, "finished", opponent(loser), "timeout") };
    }
    if (row.reminderAt !== null && row.reminderAt <= now) {
      return { kind: "reminder", game: this.write(tx, snapshotOf(row), { reminderAt: null }) };
    }
    return null;
  }

  private loadForPlayer(
    tx: Tx,
    gameId: string,
    userId: string,
    expectedPly: number | null,
  ): { seat: Player; game: GameSnapshot } {
    const row = tx.select().from(games).where(eq(games.id, gameId)).get();
    if (!row) throw new UserError("game/not-found", `There is no game ${gameId}.`);
    const seat = seatOf(row, userId);
    if (seat === null) throw new UserError("game/not-yours", "This is not your game.");
    if (row.status !== "active") throw new UserError("game/over", "This game is over.");
    if (expectedPly !== null && expectedPly !== row.ply) {
      throw new UserError("game/stale", "This board is out of date.");
    }
    return { seat, game: snapshotOf(row) };
  }

  private finish(
    tx: Tx,
    game: GameSnapshot,
    status: Exclude<GameStatus, "active">,
    winner: Player | null,
    reason: BotReason,
    note: string | null = null,
  ): GameSnapshot {
    const now = this.clock.now();
    return this.write(tx, game, {
      status,
      winner,
      reason,
      note,
      drawOfferBy: null,
      deadlineAt: null,
      reminderAt: null,
      updatedAt: now,
      finishedAt: now,
    });
  }

  /**
   * The optimistic write: succeeds only if nobody changed the game since `game` was read. Every way a
   * game leaves `active` passes here, so this is where the competitive layer hears of it. Returns the
   * game as written: its state is `game`'s, or `moved` when a move was played.
   */
  private write(
    tx: Tx,
    game: GameSnapshot,
    changes: Partial<GameRow>,
    moved?: Pick<GameSnapshot, "state" | "last">,
  ): GameSnapshot {
    const { row } = game;
    const written = tx
      .update(games)
      .set(changes)
      .where(and(eq(games.id, row.id), eq(games.ply, row.ply), eq(games.status, "active")))
      .returning()
      .get();
    if (!written) throw new UserError("game/stale", "This board is out of date.");
    if (written.status !== "active") this.hooks.gameEnded(tx, written, written.updatedAt);
    return { ...game, ...moved, row: written };
  }
}
