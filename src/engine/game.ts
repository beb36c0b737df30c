/**
 * The public API over immutable data, in the spirit of chess.js and scalachess: a game state is a
 * plain frozen value; playing a move returns a new state and the events of the move, or an error
 * value that says why the move is illegal. Every rule is applied by the mutable core (core.ts).
 */
import { CoreGame } from "./core.ts";
import { formatRecord, parseRecord, START_POSITION, validatePosition } from "./notation.ts";
import { isRulesetId } from "./rulesets.ts";
import type { EngineError, MoveEvent, Outcome, Player, Position, Result, RulesetId } from "./types.ts";
import { fail, ok } from "./types.ts";

/** One move in a persistent list: appending shares the earlier moves instead of copying them. */
interface MoveNode {
  readonly house: number;
  readonly player: Player;
  readonly ply: number;
  readonly previous: MoveNode | null;
}

/**
 * The repetition history of a line of play: one append-only buffer shared by successive states,
 * each of which reads only its own prefix (`length`); a state that is not the newest one of its
 * buffer copies before playing on.
 */
interface SharedHistory {
  data: Float64Array;
  used: number;
}

/** An immutable game state (frozen). Create it with newGame, replay or fromRecordText. */
export class GameState {
  /** The current position; `toMove` is meaningless once the game is over. */
  readonly position: Position;
  readonly outcome: Outcome;
  /** Legal house numbers, ascending; empty when the game is over. */
  readonly legal: readonly number[];
  readonly ply: number;

  constructor(
    readonly ruleset: RulesetId,
    /** The position the game started from. */
    readonly start: Position,
    /** Events of an end reached before any move (a given position with no legal move). */
    readonly startEvents: readonly MoveEvent[],
    core: CoreGame,
    private readonly last: MoveNode | null,
    private readonly history: SharedHistory,
    private readonly historyStart: number,
    private readonly historyLength: number,
  ) {
    this.position = core.position();
    this.outcome = core.over ? { over: true, winner: core.winner, reason: core.reason ?? "stuck" } : { over: false };
    this.legal = core.legalHouses();
    this.ply = last ? last.ply : 0;
    Object.freeze(this);
  }

  /** House numbers 1..6 of the player to move, in order: the source of truth. */
  get moves(): number[] {
    return this.list().map((m) => m.house);
  }

  /** Who made each move (Caribbean extra moves make the same player move twice). */
  get movers(): Player[] {
    return this.list().map((m) => m.player);
  }

  private list(): MoveNode[] {
    const list: MoveNode[] = [];
    for (let m = this.last; m; m = m.previous) list.push(m);
    return list.reverse();
  }

  /** @internal Loads this state into a core game for the engine to play on. */
  load(core: CoreGame): void {
    core.pits.set(this.position.pits);
    core.stores[0] = this.position.stores[0];
    core.stores[1] = this.position.stores[1];
    core.toMove = this.position.toMove;
    core.over = this.outcome.over;
    core.winner = null;
    core.reason = null;
    const shared = this.history;
    if (shared.used === this.historyLength) {
      core.history = shared.data;
      core.historyStart = this.historyStart;
      core.historyLength = this.historyLength;
    } else {
      const live = this.historyLength - this.historyStart;
      core.history = new Float64Array(Math.max(64, live * 4));
      core.history.set(shared.data.subarray(this.historyStart * 2, this.historyLength * 2));
      core.historyStart = 0;
      core.historyLength = live;
    }
  }

  /** @internal The state after `house` was played on `core` (loaded from this state). */
  next(core: CoreGame, house: number, player: Player): GameState {
    const shared = core.history === this.history.data ? this.history : { data: core.history, used: 0 };
    shared.data = core.history;
    shared.used = core.historyLength;
    const node: MoveNode = { house, player, ply: this.ply + 1, previous: this.last };
    return new GameState(
      this.ruleset,
      this.start,
      this.startEvents,
      core,
      node,
      shared,
      core.historyStart,
      core.historyLength,
    );
  }

  /** @internal */
  static first(ruleset: RulesetId, start: Position, startEvents: MoveEvent[], core: CoreGame): GameState {
    const shared = { data: core.history, used: core.historyLength };
    return new GameState(ruleset, start, startEvents, core, null, shared, core.historyStart, core.historyLength);
  }
}

export interface MoveOutcome {
  readonly state: GameState;
  readonly events: readonly MoveEvent[];
}

const MESSAGES: Record<string, (house: number) => string> = {
  "move/not-a-house": (house) => `${house} is not a house number 1..6`,
  "move/empty-house": (house) => `house ${house} is empty`,
  "move/must-feed": (house) => `house ${house} does not give seeds to the opponent, whose row is empty`,
  "move/grand-slam": (house) =>
    `house ${house} would capture the whole row, which Wari forbids while another move exists`,
  "move/single-seed": (house) =>
    `house ${house} holds a single seed that may only move when the next pit is empty and the one after it is not`,
  "move/game-over": () => "the game is over",
};

// One core game per ruleset to play on: the API is synchronous, so it is never in use twice at once.
const workbench = new Map<RulesetId, CoreGame>();

function loaded(state: GameState): CoreGame {
  let core = workbench.get(state.ruleset);
  if (!core) {
    core = new CoreGame(state.ruleset);
    workbench.set(state.ruleset, core);
  }
  state.load(core);
  return core;
}

/** A new game from the start position or a given one (validated: 48 seeds, stores below 25 in Oware). */
export function newGame(ruleset: RulesetId | string, start: Position = START_POSITION): Result<GameState> {
  if (!isRulesetId(ruleset)) return fail("ruleset/unknown", `unknown ruleset "${ruleset}"`);
  const valid = validatePosition(ruleset, start);
  if (!valid.ok) return valid;
  const startEvents: MoveEvent[] = [];
  const core = CoreGame.fromPosition(ruleset, valid.value, startEvents);
  return ok(GameState.first(ruleset, valid.value, startEvents, core));
}

/** Plays house 1..6 of the player to move. */
export function play(state: GameState, house: number): Result<MoveOutcome> {
  const core = loaded(state);
  const code = core.illegalReason(house);
  if (code) return { ok: false, error: { code, message: MESSAGES[code](house) } };
  const events: MoveEvent[] = [];
  core.play(house, events);
  return ok({ state: state.next(core, house, state.position.toMove), events });
}

/** Replays a move list from a start position; the error names the ply of the first bad move. */
export function replay(
  ruleset: RulesetId | string,
  moves: readonly number[],
  start: Position = START_POSITION,
): Result<GameState> | { ok: false; error: EngineError; ply: number } {
  const created = newGame(ruleset, start);
  if (!created.ok) return created;
  let state = created.value;
  for (let ply = 0; ply < moves.length; ply++) {
    const played = play(state, moves[ply]);
    if (!played.ok) return { ok: false, error: played.error, ply };
    state = played.value.state;
  }
  return ok(state);
}

export function recordText(state: GameState): string {
  return formatRecord(state, state.movers);
}

/** Replays a record's text, checking that every letter belongs to the player to move. */
export function fromRecordText(text: string): Result<GameState> {
  const parsed = parseRecord(text);
  if (!parsed.ok) return parsed;
  const { ruleset, start, moves, letters } = parsed.value;
  const created = newGame(ruleset, start);
  if (!created.ok) return created;
  let state = created.value;
  for (let ply = 0; ply < moves.length; ply++) {
    if (!state.outcome.over && letters[ply] !== state.position.toMove) {
      return fail(
        "notation/invalid",
        `move ${ply + 1} is ${letters[ply] === 0 ? "South" : "North"}'s letter, but the other player is to move`,
      );
    }
    const played = play(state, moves[ply]);
    if (!played.ok) return fail(played.error.code, `move ${ply + 1}: ${played.error.message}`);
    state = played.value.state;
  }
  return ok(state);
}
