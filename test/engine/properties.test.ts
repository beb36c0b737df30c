/** Properties over random games from the start and from random positions, in every ruleset. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPosition,
  fromPosition,
  fromRecordText,
  type GameState,
  newGame,
  type Position,
  parsePosition,
  play,
  RULESET_IDS,
  type RulesetId,
  recordText,
  replay,
} from "../../src/engine/index.ts";
import { positionArb } from "./helpers.ts";

const rulesetArb = fc.constantFrom(...RULESET_IDS);

const gameArb = rulesetArb.chain((ruleset) =>
  fc.record({
    ruleset: fc.constant(ruleset),
    start: fc.option(positionArb(ruleset), { nil: undefined }),
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
  }),
);

const seeds = (s: GameState) =>
  s.position.pits.reduce((a, b) => a + b, 0) + s.position.stores[0] + s.position.stores[1];

/** The position key for repetition: pits and the player to move, as docs/rules.md section 1 defines it. */
const key = (s: GameState) => `${s.position.pits.join(",")}/${s.position.toMove}`;

/** Plays a whole game, choosing moves from `choices` cyclically, checking invariants at every ply. */
function playOut(ruleset: RulesetId, start: Position | undefined, choices: number[]): GameState[] {
  const created = start ? fromPosition(ruleset, start) : { ok: true as const, value: newGame(ruleset) };
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.value];
  const seen = new Map<string, number>([[key(created.value), 1]]);
  let state = created.value;
  for (let ply = 0; !state.outcome.over; ply++) {
    expect(ply).toBeLessThan(20_000);
    for (let house = 1; house <= 6; house++) {
      expect(play(state, house).ok, `house ${house} legal=${state.legalMoves}`).toBe(state.legalMoves.includes(house));
    }
    const played = play(state, state.legalMoves[choices[ply % choices.length] % state.legalMoves.length]);
    if (!played.ok) throw new Error(played.error.message);
    state = played.value.state;
    expect(seeds(state)).toBe(48);
    const count = (seen.get(key(state)) ?? 0) + 1;
    seen.set(key(state), count);
    if (!state.outcome.over) expect(count).toBeLessThanOrEqual(2);
    else if (state.outcome.reason === "cycle" && (ruleset === "haiti" || ruleset === "speightstown")) {
      expect(count).toBe(3); // no award moves seeds here, so the final board is the repeated one
    }
    states.push(state);
  }
  return states;
}

describe("engine properties", () => {
  it("random games - 48 seeds, legal moves are what play accepts, every game ends, cycles on the third occurrence", () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, start, choices }) => {
        playOut(ruleset, start, choices);
      }),
      { numRuns: 300 },
    );
  });

  it("records - replaying a game's record gives the same state - text and move list", () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, start, choices }) => {
        const states = playOut(ruleset, start, choices);
        const final = states[states.length - 1];
        const again = fromRecordText(recordText(final));
        expect(again.ok).toBe(true);
        if (!again.ok) return;
        expect(again.value.position).toEqual(final.position);
        expect(again.value.outcome).toEqual(final.outcome);
        expect(again.value.history).toEqual(final.history);
        const from = fromPosition(ruleset, final.start);
        if (!from.ok) throw new Error(from.error.message);
        const replayed = replay(from.value, final.history);
        expect(replayed.ok && replayed.value.position).toEqual(final.position);
      }),
      { numRuns: 200 },
    );
  });

  it("position string - round-trips - random positions", () => {
    fc.assert(
      fc.property(
        rulesetArb.chain((r) => fc.tuple(fc.constant(r), positionArb(r))),
        ([ruleset, position]) => {
          const parsed = parsePosition(ruleset, formatPosition(position));
          expect(parsed.ok && parsed.value).toEqual(position);
        },
      ),
    );
  });

  it("immutability - playing from an older state does not disturb newer ones - branching lines", () => {
    fc.assert(
      fc.property(gameArb, ({ ruleset, choices }) => {
        const states = playOut(ruleset, undefined, choices);
        const snapshot = states.map((s) => formatPosition(s.position));
        // Branch from every third state, then check the main line is unchanged and replays the same.
        for (let i = 0; i < states.length - 1; i += 3) {
          for (const house of states[i].legalMoves) play(states[i], house);
        }
        expect(states.map((s) => formatPosition(s.position))).toEqual(snapshot);
        const last = states[states.length - 1];
        const again = replay(newGame(ruleset), last.history);
        expect(again.ok && again.value.outcome).toEqual(last.outcome);
      }),
      { numRuns: 100 },
    );
  });
});
