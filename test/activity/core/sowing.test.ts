/**
 * The page's sowing steps end on the engine's position after the move, whatever the ruleset (Haiti's relays
 * and transfers, grand slams, awards at the end), and never make or lose a seed on the way.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { houseOfKey } from "../../../src/activity/core/keys.ts";
import { sowingSteps } from "../../../src/activity/core/sowing.ts";
import { newGame, play, RULESET_IDS, type RulesetId } from "../../../src/engine/index.ts";
import { parseHouse } from "../../../src/games/commands/move.ts";

/** Plays `picks` (each an index into the legal moves) from the start; checks every move's steps. */
function checkGame(ruleset: RulesetId, picks: readonly number[]): number {
  let state = newGame(ruleset);
  let checked = 0;
  for (const pick of picks) {
    if (state.outcome.over) break;
    const house = state.legalMoves[pick % state.legalMoves.length];
    const played = play(state, house);
    if (!played.ok) throw new Error(played.error.message);
    const steps = sowingSteps(state.position, played.value.events);
    const after = played.value.state.position;
    const last = steps.at(-1)!;
    expect(last.pits).toEqual(after.pits);
    expect(last.stores).toEqual(after.stores);
    for (const step of steps) {
      const total = step.pits.reduce((a, b) => a + b, 0) + step.stores[0] + step.stores[1] + step.hand;
      // Seeds in the hand are counted once they left the house; the sown ones are already in their pits.
      expect(total).toBeGreaterThanOrEqual(48);
    }
    state = played.value.state;
    checked++;
  }
  return checked;
}

describe("sowing steps", () => {
  it("sowing - the last step is the engine's position, seeds kept - random games of every ruleset", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.array(fc.nat(5), { minLength: 1, maxLength: 120 }),
        (ruleset, picks) => {
          checkGame(ruleset, picks);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("sowing - a relay picks the seeds up again in the pit it ended in - haiti", () => {
    let state = newGame("haiti");
    let relays = 0;
    for (let i = 0; i < 200 && !state.outcome.over && relays === 0; i++) {
      const played = play(state, state.legalMoves[i % state.legalMoves.length]);
      if (!played.ok) throw new Error(played.error.message);
      const relay = played.value.events.find((e) => e.type === "pickup" && e.relay);
      if (relay && relay.type === "pickup") {
        const steps = sowingSteps(state.position, played.value.events);
        expect(steps.some((s) => s.at === relay.pit && s.pits[relay.pit] === 0 && s.hand === relay.seeds)).toBe(true);
        relays++;
      }
      state = played.value.state;
    }
    expect(relays).toBe(1);
  });

  it("sowing - a long move fits the time budget - many steps", () => {
    const steps = sowingSteps(
      { pits: [30, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1], stores: [0, 0] },
      Array.from({ length: 30 }, (_, i) => ({ type: "sow" as const, pit: (i % 11) + 1, lap: 0 })),
    );
    expect(steps.reduce((sum, s) => sum + s.delay, 0)).toBeLessThanOrEqual(3600);
  });
});

describe("keys", () => {
  it("keys - a key names the same house as /nickar move's house - letters and digits", () => {
    for (const key of ["A", "c", "F", "f", "1", "6"]) expect(houseOfKey(key)).toBe(parseHouse(key));
    for (const key of ["g", "0", "7", "Enter", " "]) expect(houseOfKey(key)).toBeNull();
  });
});
