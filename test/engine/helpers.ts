import fc from "fast-check";
import { expect } from "vitest";
import { fromPosition, type GameState, type MoveEvent, newGame, type Position, play } from "../../src/engine/index.ts";
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

/** 48 seeds spread over 12 pits and 2 stores; Oware-family stores stay below 25. */
export const positionArb = (ruleset: RulesetId): fc.Arbitrary<Position> =>
  fc
    .record({
      cuts: fc.array(fc.integer({ min: 0, max: 48 }), { minLength: 13, maxLength: 13 }),
      toMove: fc.constantFrom(0 as const, 1 as const),
    })
    .map(({ cuts, toMove }) => {
      const sorted = [0, ...cuts.sort((a, b) => a - b), 48];
      const counts = sorted.slice(1).map((v, i) => v - sorted[i]);
      return { pits: counts.slice(0, 12), stores: [counts[12], counts[13]] as [number, number], toMove };
    })
    .filter((p) => ruleset === "haiti" || (p.stores[0] < 25 && p.stores[1] < 25));
