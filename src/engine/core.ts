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
}

const SIDE = 64; // pit counts are below 64, so six pits pack into 36 bits: exact in a double
const SIDE_POW6 = SIDE ** 6;

export class CoreGame {
  readonly ruleset: RulesetId;
  readonly mechanics: OwareRules | HaitiRules;
  readonly pits = new Uint8Array(12);
  readonly stores = new Uint8Array(2);
  toMove: Player = 0;
  over = false;
  winner: Player | null = null;
  reason: EngineReason | null = null;
  /**
   * Positions, two packed numbers each (see recordPosition). Append-only within a line of play,
   * so that the public API can share one buffer between successive immutable states; only the
   * entries from `historyStart` (the position after the last capture) on can recur.
   */
  history: Float64Array = new Float64Array(64);
  historyStart = 0;
  historyLength = 0;
  readonly facts: MoveFacts = { captured: false, forcedSlam: false };
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
    if (this.history.length < live * 2 + 2) this.history = new Float64Array(Math.max(64, live * 4));
    this.history.set(other.history.subarray(other.historyStart * 2, other.historyLength * 2));
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
    const h = this.history;
    const last = (this.historyLength - 1) * 2;
    const a = h[last];
    const b = h[last + 1];
    const first = this.historyStart * 2;
    let count = 1;
    for (let i = last - 4; i >= first; i -= 4) if (h[i] === a && h[i + 1] === b) count++;
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
    const p = this.pits;
    const a = p[0] + SIDE * (p[1] + SIDE * (p[2] + SIDE * (p[3] + SIDE * (p[4] + SIDE * p[5]))));
    const b =
      p[6] + SIDE * (p[7] + SIDE * (p[8] + SIDE * (p[9] + SIDE * (p[10] + SIDE * p[11])))) + this.toMove * SIDE_POW6;
    if ((this.historyLength + 1) * 2 > this.history.length) {
      const bigger = new Float64Array(this.history.length * 2);
      bigger.set(this.history);
      this.history = bigger;
    }
    this.history[this.historyLength * 2] = a;
    this.history[this.historyLength * 2 + 1] = b;
    this.historyLength++;
  }
}
