/**
 * The public API over immutable data, in the spirit of chess.js and scalachess: a game state is a
 * deeply frozen value; playing a move returns a new state and the events of the move, or an error
 * value that says why the move is illegal. Every rule is applied by the mutable core (core.ts).
 */
import { CoreGame, HISTORY_ENTRY } from "./core.ts";
import { deepFreeze } from "./freeze.ts";
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
  data: Int32Array;
  used: number;
}

/** What a state keeps for the engine alone: the move list and the repetition history. */
interface Line {
  readonly last: MoveNode | null;
  readonly shared: SharedHistory;
  readonly historyStart: number;
  readonly historyLength: number;
}

// The engine's own access to a state's line and constructor (set in the class's static block), so
// that neither appears on the public type: a state can only be made by newGame, fromPosition,
// replay, fromRecordText and play.
let lineOf: (state: GameState) => Line;
let createState: (
  ruleset: RulesetId,
  start: Position,
  startEvents: readonly MoveEvent[],
  core: CoreGame,
  line: Line,
) => GameState;

/** The core's position as a frozen value, built directly (the generic deepFreeze walk costs a third of a move). */
function frozenPosition(core: CoreGame): Position {
  const pits = Object.freeze(Array.from(core.pits));
  const stores = Object.freeze([core.stores[0], core.stores[1]] as const);
  return Object.freeze({ pits, stores, toMove: core.toMove });
}

/**
 * An immutable game state, deeply frozen: writing into it, its position or its lists throws in
 * strict mode and changes nothing. Create one with newGame, fromPosition, replay or fromRecordText.
 */
export class GameState {
  /** The current position; `toMove` is meaningless once the game is over. */
  readonly position: Position;
  /** Whether the game is over: the winner and the reason once it is. */
  readonly outcome: Outcome;
  /** Legal house numbers 1..6 of the player to move, ascending; empty when the game is over. */
  readonly legalMoves: readonly number[];
  /** Moves played so far. */
  readonly ply: number;
  readonly #line: Line;

  private constructor(
    /** The ruleset the game is played by. */
    readonly ruleset: RulesetId,
    /** The position the game started from. */
    readonly start: Position,
    /** Events of an end reached before any move (a given position with no legal move). */
    readonly startEvents: readonly MoveEvent[],
    core: CoreGame,
    line: Line,
  ) {
    this.position = frozenPosition(core);
    this.outcome = Object.freeze(
      core.over ? { over: true, winner: core.winner, reason: core.reason ?? "stuck" } : { over: false },
    );
    this.legalMoves = Object.freeze(core.legalHouses());
    this.ply = line.last ? line.last.ply : 0;
    this.#line = line;
    Object.freeze(this);
  }

  /** The houses played, in order (house numbers 1..6 of whoever was to move): the source of truth. */
  get history(): readonly number[] {
    return Object.freeze(this.#moveList().map((m) => m.house));
  }

  /** Who made each move (Caribbean extra moves make the same player move twice). */
  get movers(): readonly Player[] {
    return Object.freeze(this.#moveList().map((m) => m.player));
  }

  #moveList(): MoveNode[] {
    const list: MoveNode[] = [];
    for (let m = this.#line.last; m; m = m.previous) list.push(m);
    return list.reverse();
  }

  static {
    lineOf = (state) => state.#line;
    createState = (ruleset, start, startEvents, core, line) => new GameState(ruleset, start, startEvents, core, line);
  }
}

/**
 * Loads `state` into `core` (pits, stores, side to move, result, repetition history), ready to play
 * on. The core gets its own copy of the repetition history, so it may play freely (search).
 */
export function loadState(state: GameState, core: CoreGame): void {
  load(state, core, false);
}

/** A new core game holding `state`. */
export function coreOf(state: GameState): CoreGame {
  const core = new CoreGame(state.ruleset);
  loadState(state, core);
  return core;
}

/**
 * `inPlace`: the public API's own core may write into the state's shared history buffer when the
 * state is the newest of its buffer (later states read only their own prefix), which saves a copy
 * per move; nextState then hands the buffer on to the new state.
 */
function load(state: GameState, core: CoreGame, inPlace: boolean): void {
  const line = lineOf(state);
  core.pits.set(state.position.pits);
  core.stores[0] = state.position.stores[0];
  core.stores[1] = state.position.stores[1];
  core.toMove = state.position.toMove;
  core.over = state.outcome.over;
  core.winner = state.outcome.over ? state.outcome.winner : null;
  core.reason = state.outcome.over ? state.outcome.reason : null;
  const shared = line.shared;
  if (inPlace && shared.used === line.historyLength) {
    core.history = shared.data;
    core.historyStart = line.historyStart;
    core.historyLength = line.historyLength;
  } else {
    const live = line.historyLength - line.historyStart;
    core.history = new Int32Array(Math.max(32, live * 2) * HISTORY_ENTRY);
    core.history.set(shared.data.subarray(line.historyStart * HISTORY_ENTRY, line.historyLength * HISTORY_ENTRY));
    core.historyStart = 0;
    core.historyLength = live;
  }
}

/**
 * The state after `house` was played by `player` on `core`, which was loaded from `state` and then
 * played on once. The core's history buffer becomes shared with the new state: the core must not be
 * played on again before it is loaded anew.
 */
export function nextState(state: GameState, core: CoreGame, house: number, player: Player): GameState {
  const previous = lineOf(state);
  const shared = core.history === previous.shared.data ? previous.shared : { data: core.history, used: 0 };
  shared.data = core.history;
  shared.used = core.historyLength;
  const last: MoveNode = { house, player, ply: state.ply + 1, previous: previous.last };
  return createState(state.ruleset, state.start, state.startEvents, core, {
    last,
    shared,
    historyStart: core.historyStart,
    historyLength: core.historyLength,
  });
}

/** The first state of a game whose core was just created from `start` (CoreGame.fromPosition). */
export function firstState(ruleset: RulesetId, start: Position, startEvents: MoveEvent[], core: CoreGame): GameState {
  const shared = { data: core.history, used: core.historyLength };
  return createState(ruleset, deepFreeze(start), deepFreeze(startEvents), core, {
    last: null,
    shared,
    historyStart: core.historyStart,
    historyLength: core.historyLength,
  });
}

/** Freezes a move's events and their lists (the pits and seeds of captures and awards). */
function freezeEvents(events: MoveEvent[]): readonly MoveEvent[] {
  for (const event of events) {
    if (event.type === "capture") Object.freeze(event.seeds);
    if ("pits" in event && typeof event.pits === "object") Object.freeze(event.pits);
    Object.freeze(event);
  }
  return Object.freeze(events);
}

/** A move played: the new state and what happened. */
export interface MoveOutcome {
  /** The game after the move. */
  readonly state: GameState;
  /** What happened, in order (deeply frozen). */
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
  load(state, core, true);
  return core;
}

function startFrom(ruleset: RulesetId, start: Position): GameState {
  const startEvents: MoveEvent[] = [];
  const core = CoreGame.fromPosition(ruleset, start, startEvents);
  return firstState(ruleset, start, startEvents, core);
}

// Every game from the start position begins with the same state (immutable, so shared).
const startStates = new Map<RulesetId, GameState>();

/** A new game from the start position (four seeds in every house, South to move). */
export function newGame(ruleset: RulesetId): GameState {
  let state = startStates.get(ruleset);
  if (!state) {
    if (!isRulesetId(ruleset)) throw new RangeError(`unknown ruleset "${ruleset}"`);
    state = startFrom(ruleset, START_POSITION);
    startStates.set(ruleset, state);
  }
  return state;
}

/**
 * A new game from a given position, validated (12 pits and 2 stores of whole numbers, 48 seeds, the
 * side to move, Oware-family stores below 25). A position with no legal move is a finished game.
 */
export function fromPosition(ruleset: RulesetId | string, position: Position): Result<GameState> {
  if (!isRulesetId(ruleset)) return fail("ruleset/unknown", `unknown ruleset "${ruleset}"`);
  const valid = validatePosition(ruleset, position);
  if (!valid.ok) return valid;
  return ok(startFrom(ruleset, valid.value));
}

/** Plays house 1..6 of the player to move. */
export function play(state: GameState, house: number): Result<MoveOutcome> {
  const core = loaded(state);
  const code = core.illegalReason(house);
  if (code) return { ok: false, error: { code, message: MESSAGES[code](house) } };
  const events: MoveEvent[] = [];
  core.play(house, events);
  const next = nextState(state, core, house, state.position.toMove);
  return ok(Object.freeze({ state: next, events: freezeEvents(events) }));
}

/**
 * A replay that stopped at a refused move: `state` is the game before it, `ply` its index in the
 * move list (so also the number of moves that were played), `error` why it was refused.
 */
export interface ReplayFailure {
  readonly ok: false;
  /** Why the move was refused. */
  readonly error: EngineError;
  /** The refused move's index in the move list (0-based): also how many moves were played. */
  readonly ply: number;
  /** The game before the refused move. */
  readonly state: GameState;
}

/** The game after every move, or where and why the replay stopped. */
export type ReplayResult = { readonly ok: true; readonly value: GameState } | ReplayFailure;

/** Plays `moves` (house numbers 1..6 of whoever is to move) on `from`, stopping at the first refused one. */
export function replay(from: GameState, moves: readonly number[]): ReplayResult {
  let state = from;
  for (let ply = 0; ply < moves.length; ply++) {
    const played = play(state, moves[ply]);
    if (!played.ok) return { ok: false, error: played.error, ply, state };
    state = played.value.state;
  }
  return { ok: true, value: state };
}

/** The record text of a game (`abapa CeA`), which fromRecordText reads back. */
export function recordText(state: GameState): string {
  return formatRecord({ ruleset: state.ruleset, start: state.start, moves: state.history }, state.movers);
}

/** Replays a record's text, checking that every letter belongs to the player to move. */
export function fromRecordText(text: string): Result<GameState> {
  const parsed = parseRecord(text);
  if (!parsed.ok) return parsed;
  const { ruleset, start, moves, letters } = parsed.value;
  let state = startFrom(ruleset, start);
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
