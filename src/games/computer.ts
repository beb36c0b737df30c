/**
 * Nickar itself as a player: its games are created here, and its moves, draw answers and the hints it
 * gives are searched in the AI pool (src/ai, worker threads) and then played through the game service
 * like anyone's, with the ply check, so a game that changed while it thought is never overwritten.
 * Returns data only; src/games/jobs/computer-turns.ts decides when to think and updates the messages.
 */
import { and, eq, isNotNull, or } from "drizzle-orm";
import type { AiPool, EndgameVerdict, Lane, Level, ThinkRequest, ThinkResult } from "../ai/index.ts";
import { builtOnce, type Db } from "../db/client.ts";
import { COMPUTER_LEVELS, type GameRow, games } from "../db/schema.ts";
import { type GameState, type MoveEvent, moveLetter, type Player, play } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { list, type Term, term, type Value } from "../i18n/index.ts";
import { computerSeat } from "./game-store.ts";
import { checkPlayer, type GameService } from "./service.ts";
import { type GameSnapshot, snapshotOf } from "./snapshot.ts";

// Looked at after every change (the throttled poke): built once (builtOnce).
const activeComputerGames = builtOnce((db) =>
  db
    .select()
    .from(games)
    .where(and(eq(games.status, "active"), isNotNull(games.level), isNotNull(games.messageId)))
    .prepare(),
);

export type { Level };
export { COMPUTER_LEVELS };

export const DEFAULT_LEVEL: Level = "medium";

/**
 * The computer accepts a draw when its evaluation (seeds, from its side) is at most this: dead equal
 * or worse for it. Otherwise it declines.
 */
export const DRAW_ACCEPT_AT_MOST = 0.25;

export interface ComputerOptions {
  readonly pool: AiPool;
  /** Search time per move of the computer opponent; default: its level's own (tests set a few ms). */
  readonly moveMs?: number;
  /** Search time for a hint and for a draw answer (expert level). */
  readonly hintMs?: number;
  /** Search time per position of an analysis (expert level). */
  readonly analysisMs?: number;
  /** Given: every search is deterministic (seeded with this plus the ply). */
  readonly seed?: number;
}

export const DEFAULT_HINT_MS = 500;
export const DEFAULT_ANALYSIS_MS = 300;

/** What the computer has to do in one of its games. */
export interface ComputerTask {
  readonly kind: "move" | "draw";
  readonly game: GameSnapshot;
}

export interface LevelRecord {
  readonly level: Level;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface Hint {
  readonly house: number;
  /** The move's letter for the player to move (`C`, `e`). */
  readonly letter: string;
  /** Why, in a few words, from the engine's events of that move ("captures 5"), for the translator. */
  readonly why: Value;
  /** The evaluation after the best move, in seeds, from the asking player's side. */
  readonly score: number;
  /** The endgame table's verdict on the position, when it decides it. */
  readonly endgame?: EndgameVerdict;
}

/** What a move does, in a few words, from its engine events (for a hint). */
export function moveReason(events: readonly MoveEvent[], player: Player): Term[] {
  const parts: Term[] = [];
  const seen = new Set<string>();
  const add = (part: Term) => {
    const key = JSON.stringify(part);
    if (!seen.has(key)) parts.push(part);
    seen.add(key);
  };
  for (const e of events) {
    if (e.type === "capture" && e.player === player)
      add(term(e.kay ? "common:why.kayCapture" : "common:why.capture", { seeds: e.total }));
    if (e.type === "grand-slam" && e.player === player && e.treatment !== "no-capture")
      add(term("common:why.grandSlam", { seeds: e.seeds }));
    if (e.type === "extra-move" && e.player === player) add(term("common:why.extraMove"));
    if (e.type === "award")
      add(term(e.player === player ? "common:why.takes" : "common:why.givesAway", { seeds: e.seeds }));
    if (e.type === "game-over")
      add(term(e.winner === player ? "common:why.wins" : e.winner === null ? "common:why.draws" : "common:why.loses"));
  }
  return parts;
}

/**
 * For a quiet best move: what the engine's line (its principal variation, starting with that move)
 * shows the player capturing on their next turn, "prepares a capture of 4"; else "the engine's choice".
 */
function nextCapture(after: GameState, pv: readonly number[], player: Player): Term {
  let state = after;
  for (const house of pv.slice(1, 3)) {
    const mover = state.position.toMove;
    const next = play(state, house);
    if (!next.ok) break;
    const taken = next.value.events.find((e) => e.type === "capture" && e.player === player);
    if (mover === player && taken?.type === "capture") return term("common:why.prepares", { seeds: taken.total });
    state = next.value.state;
  }
  return term("common:why.choice");
}

export class Computer {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    /** Nickar's own user id, added once the bot has logged in (the same set keeps its games unrated). */
    private readonly bots: ReadonlySet<string>,
    private readonly options: ComputerOptions | null,
  ) {}

  /** Nickar's user id, or null before it has logged in. */
  get userId(): string | null {
    for (const id of this.bots) return id;
    return null;
  }

  /** Whether this user is the computer opponent. */
  is(userId: string): boolean {
    return this.bots.has(userId);
  }

  /** Whether the computer can think here (an AI pool was given). */
  get enabled(): boolean {
    return this.options !== null && this.userId !== null;
  }

  get hintMs(): number {
    return this.options?.hintMs ?? DEFAULT_HINT_MS;
  }

  get analysisMs(): number {
    return this.options?.analysisMs ?? DEFAULT_ANALYSIS_MS;
  }

  /** The computer's seat in this game, or null (not a game against it). */
  seat(row: GameRow): Player | null {
    return computerSeat(row, this.bots);
  }

  /** Whether the computer is the one to move in this active game. */
  toMove(game: GameSnapshot): boolean {
    return game.row.status === "active" && this.seat(game.row) === game.state.position.toMove;
  }

  /**
   * What the computer has to do now: its move in every active game where it is to move, and an answer
   * in every game where the other player offers a draw. Games without a message yet are left until
   * they have one (their post shows the position; the scheduler posts them and asks again).
   */
  tasks(): ComputerTask[] {
    const rows = activeComputerGames(this.db).all();
    const tasks: ComputerTask[] = [];
    for (const row of rows) {
      const seat = this.seat(row);
      if (seat === null) continue;
      // The cached position ends with the player to move (-S or -N): no need to replay the others.
      if (row.drawOfferBy === null && !row.position.endsWith(seat === 0 ? "-S" : "-N")) continue;
      const game = snapshotOf(row);
      if (row.drawOfferBy === 1 - seat) tasks.push({ kind: "draw", game });
      else if (game.state.position.toMove === seat) tasks.push({ kind: "move", game });
    }
    return tasks;
  }

  /** A player's finished games against the computer in a server: wins, draws and losses per level. */
  record(guildId: string, userId: string): LevelRecord[] {
    const rows = this.db
      .select({ level: games.level, southId: games.southId, northId: games.northId, winner: games.winner })
      .from(games)
      .where(
        and(
          eq(games.guildId, guildId),
          eq(games.status, "finished"),
          isNotNull(games.level),
          or(eq(games.southId, userId), eq(games.northId, userId)),
        ),
      )
      .all();
    return COMPUTER_LEVELS.map((level) => {
      const mine = rows.filter((r) => r.level === level);
      const seat = (r: (typeof mine)[number]) => (r.southId === userId ? 0 : 1);
      return {
        level,
        wins: mine.filter((r) => r.winner === seat(r)).length,
        draws: mine.filter((r) => r.winner === null).length,
        losses: mine.filter((r) => r.winner !== null && r.winner !== seat(r)).length,
      };
    }).filter((r) => r.wins + r.draws + r.losses > 0);
  }

  /** Searches at the computer's level and plays the move through the game service; null if the game moved on. */
  async move(game: GameSnapshot, signal?: AbortSignal): Promise<GameSnapshot | null> {
    const { row } = game;
    const level = row.level ?? DEFAULT_LEVEL;
    const ms = this.options?.moveMs;
    // Nickar's expert opens from its book (varied among near-equal moves); hints and analyses search.
    const request = { ruleset: game.state.ruleset, moves: game.state.history, level, book: level === "expert" };
    const result = await this.thinkAbout({ ...request, ...(ms !== undefined && { ms }) }, signal);
    return this.unlessStale(() => this.games.play(row.id, this.requireId(), result.best, row.ply));
  }

  /**
   * Answers the other player's draw offer: accepted when the computer's evaluation of the position is
   * dead equal or worse for it (`DRAW_ACCEPT_AT_MOST`), declined otherwise. Null if the game moved on.
   */
  async answerDraw(
    game: GameSnapshot,
    signal?: AbortSignal,
  ): Promise<{ readonly accepted: boolean; readonly score: number; readonly game: GameSnapshot } | null> {
    const { row } = game;
    const seat = this.seat(row);
    if (seat === null) return null;
    const result = await this.think(game, "expert", this.hintMs, signal);
    // The search scores the position for the player to move.
    const score = game.state.position.toMove === seat ? result.score : -result.score;
    const accepted = score <= DRAW_ACCEPT_AT_MOST;
    const me = this.requireId();
    const after = this.unlessStale(() =>
      accepted ? this.games.draw(row.id, me, row.ply).game : this.games.decline("draw", row.id, me, row.ply),
    );
    return after ? { accepted, score, game: after } : null;
  }

  /**
   * The game a hint is asked for, if `userId` may have one now: only in games against the computer and
   * in unrated games (a rated game between people never gets help), for the player to move.
   */
  hintGame(gameId: string, userId: string): GameSnapshot {
    const game = this.games.find(gameId);
    if (!hintsAllowed(game.row)) {
      throw new UserError("hint/rated");
    }
    const seat = checkPlayer(game.row, userId, null);
    if (game.state.position.toMove !== seat) throw new UserError("game/not-your-turn");
    return game;
  }

  /** The best move for the player to move in `game` (from `hintGame`), and why. */
  async hint(game: GameSnapshot): Promise<Hint> {
    const seat = game.state.position.toMove;
    // A person waits for it: the people lane of the search pool, ahead of Nickar's own searches.
    const { ruleset, history } = game.state;
    const request = { ruleset, moves: history, level: "expert", ms: this.hintMs, verdict: true } as const;
    const result = await this.thinkAbout(request, undefined, "people");
    const played = play(game.state, result.best);
    if (!played.ok) throw new Error(`the search suggested an illegal move: ${played.error.message}`);
    const reasons = moveReason(played.value.events, seat);
    const why = reasons.length > 0 ? list(reasons, "comma") : nextCapture(played.value.state, result.pv, seat);
    return {
      house: result.best,
      letter: moveLetter(seat, result.best),
      why,
      score: result.score,
      ...(result.endgame && { endgame: result.endgame }),
    };
  }

  /** One search of the game's current position (its whole move list, so the search knows the cycles). */
  think(
    game: GameSnapshot,
    level: Level,
    ms: number | undefined,
    signal?: AbortSignal,
    lane: Lane = "bot",
  ): Promise<ThinkResult> {
    return this.thinkAbout(
      { ruleset: game.state.ruleset, moves: game.state.history, level, ...(ms !== undefined && { ms }) },
      signal,
      lane,
    );
  }

  /**
   * Any search in the pool (the analysis uses it too), seeded when the options say so. `lane`: "bot"
   * for Nickar's own work (moves, draw answers, analyses), "people" for what a person waits on.
   */
  thinkAbout(request: ThinkRequest, signal?: AbortSignal, lane: Lane = "bot"): Promise<ThinkResult> {
    if (!this.options) throw new UserError("computer/off");
    const seed = this.options.seed === undefined ? undefined : this.options.seed + request.moves.length;
    return this.options.pool.think({ ...request, ...(seed !== undefined && { seed }) }, { signal, lane });
  }

  private requireId(): string {
    const id = this.userId;
    if (id === null) throw new Error("the computer opponent has no user id yet");
    return id;
  }

  /** Runs a game-service change; null when the game changed meanwhile (a resignation, a new move). */
  private unlessStale(change: () => GameSnapshot): GameSnapshot | null {
    try {
      return change();
    } catch (error) {
      if (error instanceof UserError && ["game/stale", "game/over", "game/not-your-turn"].includes(error.code))
        return null;
      throw error;
    }
  }
}

/** Hints only in games against the computer and in unrated games: never in a rated game between people. */
export function hintsAllowed(row: GameRow): boolean {
  return row.level !== null || !row.rated;
}
