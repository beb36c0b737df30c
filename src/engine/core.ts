/**
 * The fast mutable core: one implementation of the rules, used by the public immutable API
 * (game.ts, which passes an event sink) and by search and playouts (which pass none).
 * Hot paths use typed arrays and bit masks and allocate nothing unless events are asked for.
 */
import { concludeIfOver, concludeNoMoves } from "./end.ts";
import { haitiIllegal, haitiLegalMask, haitiPlay } from "./haiti.ts";
import { owareIllegal, owareLegalMask, owarePlay } from "./oware.ts";
import type { HaitiRules, OwareRules } from "./rulesets.ts";
import { RULESETS } from "./rulesets.ts";
import type { EngineErrorCode, EngineReason, MoveEvent, Player, Position, RulesetId } from "./types.ts";

export type EventSink = MoveEvent[] | null;

/** What the last move did, for the end checks. */
export interface MoveFacts {
  /** Seeds left the board during the move (so no earlier position can recur). */
  captured: boolean;
  /** wari: the move was a forced grand slam, which ends the game. */
  forcedSlam: boolean;
  /** The move ended the game as a cycle at a second occurrence (see CoreGame.repeatEndsFrom): a search's reading, not the rules'. */
  searchCycle: boolean;
}

/**
 * Int32 words per repetition-history entry: the 12 pit bytes as three words (a position is compared by
 * three word compares), the side to move in the top bit of the last word (a pit's count is below 64,
 * so the top bit of every byte is free).
 */
export const HISTORY_ENTRY = 3;

export class CoreGame {
  readonly ruleset: RulesetId;
  readonly mechanics: OwareRules | HaitiRules;
  readonly pits = new Uint8Array(12);
  /** The pit bytes seen as three words (for recordPosition and the search's copies). */
  readonly pitWords = new Int32Array(this.pits.buffer, this.pits.byteOffset, 3);
  readonly stores = new Uint8Array(2);
  toMove: Player = 0;
  over = false;
  winner: Player | null = null;
  reason: EngineReason | null = null;
  /**
   * Positions, HISTORY_ENTRY words each (see recordPosition). Append-only within a line of play,
   * so that the public API can share one buffer between successive immutable states; only the
   * entries from `historyStart` (the position after the last capture) on can recur.
   */
  history: Int32Array = new Int32Array(32 * HISTORY_ENTRY);
  historyStart = 0;
  historyLength = 0;
  readonly facts: MoveFacts = { captured: false, forcedSlam: false, searchCycle: false };
  /**
   * For a search only (the game never sets it): a position that repeats one recorded at or after this
   * history entry ends the game as a cycle at its second occurrence, as engines read a repetition inside
   * their own tree (whoever prefers another line can leave the cycle earlier in it); a position before it
   * still needs the rules' third occurrence.
   */
  repeatEndsFrom = Number.MAX_SAFE_INTEGER;
  /**
   * The legal-move mask the end checks computed after the last play (0 when that play ended the game):
   * the search reads it instead of calling legalMask a second time. Valid only until the position is
   * changed by anything but play.
   */
  legalAfterPlay = 0;

  constructor(ruleset: RulesetId) {
    this.ruleset = ruleset;
    this.mechanics = RULESETS[ruleset].mechanics;
  }

  /** A game from a position: no repetition history before it; finished at once if there is no legal move. */
  static fromPosition(ruleset: RulesetId, position: Position, sink: EventSink = null): CoreGame {
    const game = new CoreGame(ruleset);
    game.pits.set(position.pits);
    game.stores[0] = position.stores[0];
    game.stores[1] = position.stores[1];
    game.toMove = position.toMove;
    game.recordPosition();
    if (game.legalMask() === 0) concludeNoMoves(game, sink);
    return game;
  }

  copyFrom(other: CoreGame): void {
    this.pits.set(other.pits);
    this.stores[0] = other.stores[0];
    this.stores[1] = other.stores[1];
    this.toMove = other.toMove;
    this.over = other.over;
    this.winner = other.winner;
    this.reason = other.reason;
    const live = other.historyLength - other.historyStart;
    if (this.history.length < (live + 1) * HISTORY_ENTRY)
      this.history = new Int32Array(Math.max(32, live * 2) * HISTORY_ENTRY);
    this.history.set(other.history.subarray(other.historyStart * HISTORY_ENTRY, other.historyLength * HISTORY_ENTRY));
    this.historyStart = 0;
    this.historyLength = live;
  }

  clone(): CoreGame {
    const game = new CoreGame(this.ruleset);
    game.copyFrom(this);
    return game;
  }

  /** Legal moves as a bit mask: bit k set = house k+1 is legal. 0 when the game is over. */
  legalMask(): number {
    if (this.over) return 0;
    return this.mechanics.family === "oware" ? owareLegalMask(this, this.mechanics) : haitiLegalMask(this);
  }

  /** The legal moves as house numbers, ascending (the public API's form of legalMask). */
  legalHouses(): number[] {
    const mask = this.legalMask();
    const houses: number[] = [];
    for (let h = 0; h < 6; h++) if (mask & (1 << h)) houses.push(h + 1);
    return houses;
  }

  /** Why `house` (1..6) may not be played now, or null when it may. */
  illegalReason(house: number): EngineErrorCode | null {
    if (!Number.isInteger(house) || house < 1 || house > 6) return "move/not-a-house";
    if (this.over) return "move/game-over";
    return this.mechanics.family === "oware"
      ? owareIllegal(this, this.mechanics, house - 1)
      : haitiIllegal(this, house - 1);
  }

  /**
   * Plays house (1..6) of the player to move, which must be legal (check with legalMask or
   * illegalReason first), then runs the end checks. Events go to `sink` when one is given.
   */
  play(house: number, sink: EventSink = null): void {
    const facts = this.facts;
    facts.captured = false;
    facts.forcedSlam = false;
    facts.searchCycle = false;
    this.legalAfterPlay = 0;
    if (this.mechanics.family === "oware") owarePlay(this, this.mechanics, house - 1, sink);
    else haitiPlay(this, house - 1, sink);
    if (facts.captured) this.historyStart = this.historyLength;
    this.recordPosition();
    concludeIfOver(this, sink);
  }

  /**
   * How many times the current position has occurred (it was recorded after the last move). Only every
   * second entry is compared: between two captures the side to move alternates (the one extra move,
   * Caribbean's, follows a capture, which restarts the history), so the others have the other side to
   * move and cannot match.
   */
  occurrences(): number {
    return this.countOccurrences(Number.MAX_SAFE_INTEGER);
  }

  /** Whether the current position ends the game as a cycle: its third occurrence, or its second after `repeatEndsFrom`. */
  cycleEnds(): boolean {
    const count = this.countOccurrences(this.repeatEndsFrom * HISTORY_ENTRY);
    if (count >= 0) return count >= 3;
    this.facts.searchCycle = true;
    return true;
  }

  /** occurrences(), or -1 as soon as an earlier occurrence is found at or after history word `short`. */
  private countOccurrences(short: number): number {
    const h = this.history;
    const last = (this.historyLength - 1) * HISTORY_ENTRY;
    const a = h[last];
    const b = h[last + 1];
    const c = h[last + 2];
    const first = this.historyStart * HISTORY_ENTRY;
    let count = 1;
    for (let i = last - 2 * HISTORY_ENTRY; i >= first; i -= 2 * HISTORY_ENTRY) {
      if (h[i] !== a || h[i + 1] !== b || h[i + 2] !== c) continue;
      if (i >= short) return -1;
      count++;
    }
    return count;
  }

  seedsOnSide(player: Player): number {
    const p = this.pits;
    const o = player * 6;
    return p[o] + p[o + 1] + p[o + 2] + p[o + 3] + p[o + 4] + p[o + 5];
  }

  position(): Position {
    return { pits: Array.from(this.pits), stores: [this.stores[0], this.stores[1]], toMove: this.toMove };
  }

  private recordPosition(): void {
    const at = this.historyLength * HISTORY_ENTRY;
    if (at + HISTORY_ENTRY > this.history.length) {
      const bigger = new Int32Array(this.history.length * 2);
      bigger.set(this.history);
      this.history = bigger;
    }
    const h = this.history;
    const w = this.pitWords;
    h[at] = w[0];
    h[at + 1] = w[1];
    h[at + 2] = w[2] | (this.toMove << 31);
    this.historyLength++;
  }
}
