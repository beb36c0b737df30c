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

export interface GameState {
  readonly ruleset: RulesetId;
  /** The position the game started from. */
  readonly start: Position;
  /** House numbers 1..6 of the player to move, in order: the source of truth. */
  readonly moves: readonly number[];
  /** Who made each move (Caribbean extra moves make the same player move twice). */
  readonly movers: readonly Player[];
  /** The current position; `toMove` is meaningless once the game is over. */
  readonly position: Position;
  readonly outcome: Outcome;
  /** Legal house numbers, ascending; empty when the game is over. */
  readonly legal: readonly number[];
  /** Events of an end reached before any move (a given position with no legal move). */
  readonly startEvents: readonly MoveEvent[];
  /** Repetition history since the last capture (packed positions); internal to the engine. */
  readonly repetition: Float64Array;
}

export interface MoveOutcome {
  readonly state: GameState;
  readonly events: readonly MoveEvent[];
}

const MESSAGES: Record<string, (house: number, state: GameState) => string> = {
  "move/not-a-house": (house) => `${house} is not a house number 1..6`,
  "move/empty-house": (house) => `house ${house} is empty`,
  "move/must-feed": (house) => `house ${house} does not give seeds to the opponent, whose row is empty`,
  "move/grand-slam": (house) =>
    `house ${house} would capture the whole row, which Wari forbids while another move exists`,
  "move/single-seed": (house) =>
    `house ${house} holds a single seed that may only move when the next pit is empty and the one after it is not`,
  "move/game-over": () => "the game is over",
};

function legalList(mask: number): number[] {
  const list: number[] = [];
  for (let h = 0; h < 6; h++) if (mask & (1 << h)) list.push(h + 1);
  return list;
}

function snapshot(
  core: CoreGame,
  base: Pick<GameState, "ruleset" | "start" | "moves" | "movers" | "startEvents">,
): GameState {
  const outcome: Outcome = core.over
    ? { over: true, winner: core.winner, reason: core.reason ?? "stuck" }
    : { over: false };
  return Object.freeze({
    ...base,
    position: core.position(),
    outcome,
    legal: legalList(core.legalMask()),
    repetition: core.history.slice(0, core.historyLength * 2),
  });
}

function restore(state: GameState): CoreGame {
  const core = new CoreGame(state.ruleset);
  core.pits.set(state.position.pits);
  core.stores[0] = state.position.stores[0];
  core.stores[1] = state.position.stores[1];
  core.toMove = state.position.toMove;
  if (core.history.length < state.repetition.length) core.history = new Float64Array(state.repetition.length * 2);
  core.history.set(state.repetition);
  core.historyLength = state.repetition.length / 2;
  return core;
}

/** A new game from the start position or a given one (validated: 48 seeds, stores below 25 in Oware). */
export function newGame(ruleset: RulesetId | string, start: Position = START_POSITION): Result<GameState> {
  if (!isRulesetId(ruleset)) return fail("ruleset/unknown", `unknown ruleset "${ruleset}"`);
  const valid = validatePosition(ruleset, start);
  if (!valid.ok) return valid;
  const startEvents: MoveEvent[] = [];
  const core = CoreGame.fromPosition(ruleset, valid.value, startEvents);
  return ok(snapshot(core, { ruleset, start: valid.value, moves: [], movers: [], startEvents }));
}

function illegal(state: GameState, core: CoreGame, house: number): EngineError | null {
  const code =
    state.outcome.over && Number.isInteger(house) && house >= 1 && house <= 6
      ? "move/game-over"
      : core.illegalReason(house);
  return code ? { code, message: MESSAGES[code](house, state) } : null;
}

/** Why `house` may not be played in `state`, or null. */
export function moveError(state: GameState, house: number): EngineError | null {
  return illegal(state, restore(state), house);
}

/** Plays house 1..6 of the player to move. */
export function play(state: GameState, house: number): Result<MoveOutcome> {
  const core = restore(state);
  const error = illegal(state, core, house);
  if (error) return { ok: false, error };
  const events: MoveEvent[] = [];
  core.play(house, events);
  const next = snapshot(core, {
    ruleset: state.ruleset,
    start: state.start,
    moves: [...state.moves, house],
    movers: [...state.movers, state.position.toMove],
    startEvents: state.startEvents,
  });
  return ok({ state: next, events });
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

/** The player to move, or null when the game is over. */
export function toMove(state: GameState): Player | null {
  return state.outcome.over ? null : state.position.toMove;
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
