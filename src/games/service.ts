/**
 * The only code that changes games. Every change is one synchronous transaction that loads the row,
 * checks seat, status and the expected ply (checkPlayer, the one check every path uses), asks the
 * engine, and writes with `WHERE id = ? AND ply = ? AND status = 'active'` (updateIfCurrent), so two
 * racing presses can never both succeed.
 * It returns a snapshot for the caller to render; it knows nothing about Discord.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { type BotReason, type GameRow, type GameStatus, games } from "../db/schema.ts";
import { formatPosition, opponent, type Player, play } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { checkPlayer, GameReads, gameNotFound } from "./game-reads.ts";
import { activeDeadlines, clockFields, computerSeat, gameById, updateIfCurrent } from "./game-store.ts";
import { type CompetitionHooks, isCommitted } from "./hooks.ts";
import { moveRefusal } from "./move-refusals.ts";
import { answerRefusal, askedBy, askedFields, pliesUntilAsking, QUESTIONS, type QuestionKind } from "./questions.ts";
import { RetryLater, type SweepFailure } from "./retry.ts";
import { type GameSnapshot, snapshotOf } from "./snapshot.ts";
import { takebackCountField, takebackRefusal, takebackStart } from "./takebacks.ts";

export { checkPlayer, gameNotFound } from "./game-reads.ts";

export type DrawResult = { readonly kind: "offered" | "agreed"; readonly game: GameSnapshot };

/**
 * A takeback asked (the opponent is asked), or done: accepted by the opponent, or by Nickar at once.
 * `undone`: the houses taken back, in the order they were played.
 */
export type TakebackResult =
  | { readonly kind: "asked"; readonly game: GameSnapshot }
  | { readonly kind: "accepted"; readonly game: GameSnapshot; readonly undone: readonly number[] };

/** What the deadline sweep did to one game. */
export type GameNotice =
  | { readonly kind: "reminder"; readonly game: GameSnapshot }
  | { readonly kind: "timeout"; readonly game: GameSnapshot };

export class GameService extends GameReads {
  /** Due games the sweep could not handle, skipped for a while. */
  private readonly retry = new RetryLater();
  /** Told the id of every game a write touched (the Activity's live boards): see `onWrite`. */
  private readonly writeListeners = new Set<(gameId: string) => void>();

  constructor(
    db: Db,
    private readonly clock: Clock,
    /** Ratings, ladder and series: told inside the transaction whenever a game ends or is voided. */
    private readonly hooks: CompetitionHooks,
    /** The computer opponent's user id (once logged in): no clock runs while it is to move. */
    private readonly bots: ReadonlySet<string> = new Set(),
    /** Whether a server allows takebacks in rated games (`/nickar-admin settings takebacks:`). */
    private readonly ratedTakebacks: (guildId: string, tx: Tx) => boolean = () => false,
  ) {
    super(db);
  }

  /**
   * Calls `listener` with a game's id after each transaction that wrote it through this service: a move, a
   * resignation, an offer, a takeback, a time-out, whatever path made it (a button, a command, Nickar, the
   * sweep, the Activity). Told in a microtask, once the synchronous transaction is over; one that rolled
   * back is told too, so the listener reads what holds rather than trusting the call. Returns the unsubscribe.
   */
  onWrite(listener: (gameId: string) => void): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
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
      if (game.state.position.toMove !== seat) throw new UserError("game/not-your-turn");
      const played = play(game.state, house);
      if (!played.ok) throw new UserError(moveRefusal(played.error.code), { house });
      const next = played.value.state;
      const outcome = next.outcome;
      // A move by the player who did not offer a draw declines it; any move lets a takeback request lapse.
      const drawOfferBy = row.drawOfferBy !== null && row.drawOfferBy !== seat ? null : row.drawOfferBy;
      const takebackBy = null;
      const finished = outcome.over
        ? {
            status: "finished" as const,
            winner: outcome.winner,
            reason: outcome.reason,
            finishedAt: now,
            deadlineAt: null,
            reminderAt: null,
            drawOfferBy: null,
            takebackBy,
          }
        : {
            ...clockFields(row.timeLimit, now, computerSeat(row, this.bots) === next.position.toMove),
            drawOfferBy,
            takebackBy,
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

  /** Offers a draw (at most one per player every `DRAW_OFFER_GAP` plies), or accepts the opponent's pending offer. */
  draw(gameId: string, userId: string, expectedPly: number | null): DrawResult {
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      if (game.row.drawOfferBy === opponent(seat))
        return { kind: "agreed", game: this.finish(tx, game, "finished", null, "agreement") };
      const offered = this.ask(game, seat, "draw");
      return { kind: "offered", game: this.write(tx, game, offered) };
    }, IMMEDIATE);
  }

  /**
   * Asks to take back the player's last move (games/takebacks.ts says which moves and where), or accepts
   * the opponent's pending request. Against Nickar the takeback is done at once: it always accepts.
   */
  takeback(gameId: string, userId: string, expectedPly: number | null): TakebackResult {
    return this.db.transaction((tx): TakebackResult => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const { row } = game;
      this.checkTakebacks(tx, row);
      if (row.takebackBy === opponent(seat)) return this.undo(tx, game, opponent(seat));
      const asked = this.ask(game, seat, "takeback", () => {
        const start = takebackStart(game.state, seat, row.level !== null);
        if ("refusal" in start) throw new UserError(start.refusal);
      });
      // Nickar always accepts (games against it are unrated): no request is left pending.
      if (row.level !== null) return this.undo(tx, game, seat, asked);
      return { kind: "asked", game: this.write(tx, game, asked) };
    }, IMMEDIATE);
  }

  /** Accepts the opponent's pending takeback request (from its notice: never makes a request). */
  acceptTakeback(gameId: string, userId: string, expectedPly: number | null): TakebackResult {
    return this.db.transaction((tx): TakebackResult => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const refusal = answerRefusal(game.row, "takeback", seat, "accept");
      if (refusal) throw new UserError(refusal);
      return this.undo(tx, game, opponent(seat));
    }, IMMEDIATE);
  }

  /** Declines the opponent's pending draw offer or takeback request (the game goes on as it is). */
  decline(kind: QuestionKind, gameId: string, userId: string, expectedPly: number | null): GameSnapshot {
    return this.db.transaction((tx) => {
      const { seat, game } = this.loadForPlayer(tx, gameId, userId, expectedPly);
      const refusal = answerRefusal(game.row, kind, seat, "decline");
      if (refusal) throw new UserError(refusal);
      return this.write(tx, game, { [QUESTIONS[kind].by]: null, updatedAt: this.clock.now() });
    }, IMMEDIATE);
  }

  /** Ends a game with no result, allowed until both players have moved (never in a ladder or series game). */
  abort(gameId: string, userId: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const { game } = this.loadForPlayer(tx, gameId, userId, null);
      if (isCommitted(game.row)) {
        const { seriesId, tournamentId } = game.row;
        throw new UserError(
          seriesId ? "abort/committed-series" : tournamentId ? "abort/committed-tournament" : "abort/committed",
        );
      }
      if (game.state.movers.includes(0) && game.state.movers.includes(1)) {
        throw new UserError("abort/too-late");
      }
      return this.finish(tx, game, "aborted", null, "abort");
    }, IMMEDIATE);
  }

  /** An admin ends any active game with no result. */
  cancel(gameId: string, note: string): GameSnapshot {
    return this.db.transaction((tx) => {
      const row = this.load(tx, gameId);
      if (row.status !== "active") throw new UserError("game/already-over");
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
      const row = this.load(tx, gameId);
      if (row.status !== "finished") throw new UserError("void/not-finished");
      if (row.voidedAt !== null) throw new UserError("void/already");
      const voided = tx
        .update(games)
        .set({ voidedAt: now, voidReason: reason, updatedAt: now })
        .where(and(eq(games.id, gameId), isNull(games.voidedAt)))
        .returning()
        .get();
      if (!voided) throw new UserError("void/already");
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
    const due = this.dueGames(now);
    const { done, failed } = this.retry.sweep(due, now, (id) =>
      this.db.transaction((tx) => this.enforce(tx, id, now), IMMEDIATE),
    );
    return { notices: done, failed };
  }

  /** The earliest deadline or reminder of any active game (a failed one: its retry time), for the scheduler. */
  nextDue(): number | null {
    const rows = activeDeadlines(this.db).all();
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

  /**
   * What `seat` asking `kind` writes, or its refusal: their question is open already, `check` refuses (what
   * a takeback would undo), or they asked not `gap` plies ago.
   */
  private ask(game: GameSnapshot, seat: Player, kind: QuestionKind, check?: () => void): Partial<GameRow> {
    const { row } = game;
    const { refusals, gap } = QUESTIONS[kind];
    if (askedBy(row, kind) === seat) throw new UserError(refusals.already);
    check?.();
    const wait = pliesUntilAsking(row, kind, seat, row.ply);
    if (wait > 0) throw new UserError(refusals.tooSoon, { count: wait, gap });
    return { ...askedFields(kind, seat, row.ply), updatedAt: this.clock.now() };
  }

  /** Refuses a takeback in a game that does not allow them (the kind of game, the server's setting). */
  private checkTakebacks(tx: Tx, row: GameRow): void {
    const refusal = takebackRefusal(row, row.rated && row.level === null && this.ratedTakebacks(row.guildId, tx));
    if (refusal) throw new UserError(refusal);
  }

  /**
   * Takes back `by`'s last move and the moves after it: the move list loses them (it stays the truth), the
   * ply moves on by one (so every board drawn before is out of date), `by` is to move with their time
   * started again, and a pending draw offer or takeback request goes.
   */
  private undo(tx: Tx, game: GameSnapshot, by: Player, extra: Partial<GameRow> = {}): TakebackResult {
    const { row } = game;
    const start = takebackStart(game.state, by, row.level !== null);
    if ("refusal" in start) throw new UserError(start.refusal);
    const moves = game.state.history;
    const kept = moves.slice(0, start.from);
    const undone = moves.slice(start.from);
    const back = snapshotOf({ ...row, moves: JSON.stringify(kept) });
    const now = this.clock.now();
    const counted = takebackCountField(by);
    const written = this.write(
      tx,
      game,
      {
        ...extra,
        moves: JSON.stringify(kept),
        position: formatPosition(back.state.position),
        ply: row.ply + 1,
        ...clockFields(row.timeLimit, now, computerSeat(row, this.bots) === back.state.position.toMove),
        drawOfferBy: null,
        takebackBy: null,
        [counted]: row[counted] + 1,
        takenBackAt: row.ply + 1,
        takenBackMoves: JSON.stringify(undone),
        updatedAt: now,
      },
      { state: back.state, last: back.last },
    );
    return { kind: "accepted", game: written, undone };
  }

  private loadForPlayer(
    tx: Tx,
    gameId: string,
    userId: string,
    expectedPly: number | null,
  ): { seat: Player; game: GameSnapshot } {
    const row = this.load(tx, gameId);
    return { seat: checkPlayer(row, userId, expectedPly), game: snapshotOf(row) };
  }

  private load(tx: Tx, gameId: string): GameRow {
    const row = gameById(tx).get({ id: gameId });
    if (!row) throw gameNotFound(gameId);
    return row;
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
      takebackBy: null,
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
    const written = updateIfCurrent(tx, game.row, changes);
    if (!written) throw new UserError("game/stale");
    if (written.status !== "active") this.hooks.gameEnded(tx, written, written.updatedAt);
    for (const listener of this.writeListeners) queueMicrotask(() => listener(written.id));
    return { ...game, ...moved, row: written };
  }
}
