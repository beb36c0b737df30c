/**
 * The only code that changes games. Every change is one synchronous transaction that loads the row,
 * checks seat, turn and the expected ply, asks the engine, and writes with
 * `WHERE id = ? AND ply = ? AND status = 'active'`, so two racing presses can never both succeed.
 * It returns a snapshot for the caller to render; it knows nothing about Discord.
 */
import { and, asc, count, desc, eq, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/client.ts";
import { type GameRow, type GameStatus, games } from "../db/schema.ts";
import { formatPosition, newGame, type Player, play, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { type CompetitionHooks, isCommitted } from "./hooks.ts";
import { newId } from "./ids.ts";
import { type GameSnapshot, seatOf, snapshotOf } from "./snapshot.ts";

export type BotReason = "resign" | "timeout" | "agreement" | "abort" | "cancel";

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
}

/** Deadline and reminder for the move that starts now. */
function clockFields(timeLimit: number, now: number) {
  return { deadlineAt: now + timeLimit * 1000, reminderAt: now + timeLimit * 500 };
}

/** Creates a game inside the caller's transaction (a challenge accepted, the next game of a series). */
export function insertGame(tx: Tx, input: NewGameInput, now: number): GameRow {
  const created = newGame(input.ruleset);
  if (!created.ok) throw new Error(created.error.message);
  const row = tx
    .insert(games)
    .values({
      id: newId(),
      ...input,
      position: formatPosition(created.value.position),
      ...clockFields(input.timeLimit, now),
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

export class GameService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Ratings, ladder and series: told inside the transaction whenever a game ends or is voided. */
    private readonly hooks: CompetitionHooks,
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
      const { row, seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
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
        : { ...clockFields(row.timeLimit, now), drawOfferBy };
      return this.write(tx, row, {
        moves: JSON.stringify(next.moves),
        position: formatPosition(next.position),
        ply: row.ply + 1,
        updatedAt: now,
        ...finished,
      });
    });
  }

  resign(gameId: string, userId: string, expectedPly: number | null): GameSnapshot {
    return this.db.transaction((tx) => {
      const { row, seat } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      return this.finish(tx, row, "finished", (1 - seat) as Player, "resign");
    });
  }

  /** Offers a draw, or accepts the opponent's pending offer. */
  draw(gameId: string, userId: string, expectedPly: number | null): DrawResult {
    return this.db.transaction((tx) => {
      const { row, seat } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      if (row.drawOfferBy === 1 - seat)
        return { kind: "agreed", game: this.finish(tx, row, "finished", null, "agreement") };
      if (row.drawOfferBy === seat) throw new UserError("draw/already-offered", "You have already offered a draw.");
      return { kind: "offered", game: this.write(tx, row, { drawOfferBy: seat, updatedAt: this.clock.now() }) };
    });
  }

  /** Ends a game with no result, allowed until both players have moved (never in a ladder or series game). */
  abort(gameId: string, userId: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const { row, game } = this.loadForPlayer(tx, gameId, userId, null);
      if (isCommitted(row)) {
        const way = row.seriesId ? "resign it or the series (/nickar series resign)" : "resign it";
        throw new UserError("abort/committed", `A ladder or series game cannot be aborted: ${way}.`);
      }
      if (game.state.movers.includes(0) && game.state.movers.includes(1)) {
        throw new UserError("abort/too-late", "Both players have moved: resign or offer a draw instead.");
      }
      return this.finish(tx, row, "aborted", null, "abort");
    });
  }

  /** An admin ends any active game with no result. */
  cancel(gameId: string, note: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const row = tx.select().from(games).where(eq(games.id, gameId)).get();
      if (!row) throw new UserError("game/not-found", `There is no game ${gameId}.`);
      if (row.status !== "active") throw new UserError("game/over", "That game is already over.");
      return this.finish(tx, row, "cancelled", null, "cancel", note);
    });
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
    });
  }

  /** Sends due reminders and ends games whose player to move ran out of time. */
  sweep(): GameNotice[] {
    const now = this.clock.now();
    const notices: GameNotice[] = [];
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
    for (const { id } of due) {
      const notice = this.db.transaction((tx): GameNotice | null => {
        const row = tx.select().from(games).where(eq(games.id, id)).get();
        if (row?.status !== "active") return null;
        if (row.deadlineAt !== null && row.deadlineAt <= now) {
          const game = snapshotOf(row);
          const loser = game.state.position.toMove;
          // A player who never moved has not really started: abort instead of scoring a win. Except in
          // a ladder or series game: accepting it was the commitment, so time counts from the start.
          if (!game.state.movers.includes(loser) && !isCommitted(row)) {
            return { kind: "timeout", game: this.finish(tx, row, "aborted", null, "abort") };
          }
          return { kind: "timeout", game: this.finish(tx, row, "finished", (1 - loser) as Player, "timeout") };
        }
        if (row.reminderAt !== null && row.reminderAt <= now) {
          return { kind: "reminder", game: this.write(tx, row, { reminderAt: null }) };
        }
        return null;
      });
      if (notice) notices.push(notice);
    }
    return notices;
  }

  /** The earliest deadline or reminder of any active game, for the scheduler. */
  nextDue(): number | null {
    const rows = this.db
      .select({ deadlineAt: games.deadlineAt, reminderAt: games.reminderAt })
      .from(games)
      .where(eq(games.status, "active"))
      .all();
    let next: number | null = null;
    for (const r of rows) {
      for (const t of [r.deadlineAt, r.reminderAt]) if (t !== null && (next === null || t < next)) next = t;
    }
    return next;
  }

  private loadForPlayer(tx: Tx, gameId: string, userId: string, expectedPly: number | null) {
    const row = tx.select().from(games).where(eq(games.id, gameId)).get();
    if (!row) throw new UserError("game/not-found", `There is no game ${gameId}.`);
    const seat = seatOf(row, userId);
    if (seat === null) throw new UserError("game/not-yours", "This is not your game.");
    if (row.status !== "active") throw new UserError("game/over", "This game is over.");
    if (expectedPly !== null && expectedPly !== row.ply) {
      throw new UserError("game/stale", "This board is out of date.");
    }
    return { row, seat, game: snapshotOf(row) };
  }

  private finish(
    tx: Tx,
    row: GameRow,
    status: Exclude<GameStatus, "active">,
    winner: Player | null,
    reason: BotReason,
    note: string | null = null,
  ): GameSnapshot {
    const now = this.clock.now();
    return this.write(tx, row, {
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
   * The optimistic write: succeeds only if nobody changed the game since `row` was read. Every way a
   * game leaves `active` passes here, so this is where the competitive layer hears of it.
   */
  private write(tx: Tx, row: GameRow, changes: Partial<GameRow>): GameSnapshot {
    const written = tx
      .update(games)
      .set(changes)
      .where(and(eq(games.id, row.id), eq(games.ply, row.ply), eq(games.status, "active")))
      .returning()
      .get();
    if (!written) throw new UserError("game/stale", "This board is out of date.");
    if (written.status !== "active") this.hooks.gameEnded(tx, written, written.updatedAt);
    return snapshotOf(written);
  }
}
