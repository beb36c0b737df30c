import { expect } from "vitest";
import { fromPosition, type GameState, type MoveEvent, newGame, play } from "../../src/engine/index.ts";
import type { Player, RulesetId } from "../../src/engine/types.ts";

export function position(pits: number[], stores: [number, number], toMove: Player = 0) {
  return { pits, stores, toMove };
}

export function start(ruleset: RulesetId, pits?: number[], stores?: [number, number], toMove: Player = 0): GameState {
  if (!pits || !stores) return newGame(ruleset);
  const created = fromPosition(ruleset, position(pits, stores, toMove));
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export function move(state: GameState, house: number): { state: GameState; events: readonly MoveEvent[] } {
  const played = play(state, house);
  if (!played.ok) throw new Error(`${played.error.code}: ${played.error.message}`);
  return played.value;
}

export function moves(state: GameState, houses: number[]): GameState {
  return houses.reduce((s, h) => move(s, h).state, state);
}

export function expectError(state: GameState, house: number, code: string): void {
  const played = play(state, house);
  expect(played.ok).toBe(false);
  if (!played.ok) expect(played.error.code).toBe(code);
}

export function eventsOf<T extends MoveEvent["type"]>(
  events: readonly MoveEvent[],
  type: T,
): Extract<MoveEvent, { type: T }>[] {
  return events.filter((e): e is Extract<MoveEvent, { type: T }> => e.type === type);
}
