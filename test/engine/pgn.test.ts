import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exportRecord, importRecord } from "../../src/engine/pgn.ts";
import { RULESET_IDS } from "../../src/engine/types.ts";
import { moves, start } from "./helpers.ts";

const date = new Date("2026-11-30T12:00:00Z");

describe("game record export", () => {
  it("export - tag pairs and letters - an abapa opening", () => {
    const text = exportRecord(moves(start("abapa"), [3, 5, 1]), { south: "alice", north: 'bob "the sower"', date });
    expect(text).toBe(
      '[Ruleset "abapa"]\n[South "alice"]\n[North "bob \\"the sower\\""]\n[Date "2026.11.30"]\n[Result "*"]\n\n1. C e 2. A\n*\n',
    );
    const back = importRecord(text);
    expect(back.ok && back.value.tags.North).toBe('bob "the sower"');
    expect(back.ok && back.value.state.history).toEqual([3, 5, 1]);
  });

  it("import - refused - a Result tag that contradicts the engine", () => {
    const game = moves(start("abapa", [0, 0, 0, 0, 3, 0, 1, 2, 0, 3, 0, 0], [20, 19]), [5]);
    const text = exportRecord(game, { south: "a", north: "b", date, winner: 1, reason: "twenty-five" });
    expect(importRecord(text).ok).toBe(false);
    const right = exportRecord(game, { south: "a", north: "b", date, winner: 0, reason: "twenty-five" });
    expect(right).toContain('[Position "0-0-0-0-3-0-1-2-0-3-0-0-20-19-S"]');
    expect(importRecord(right).ok).toBe(true);
  });

  it("export - round-trips through the engine - random games in every ruleset", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULESET_IDS),
        fc.array(fc.nat(), { minLength: 1, maxLength: 300 }),
        (ruleset, picks) => {
          let state = start(ruleset);
          for (const pick of picks) {
            if (state.outcome.over) break;
            state = moves(state, [state.legalMoves[pick % state.legalMoves.length]]);
          }
          const winner = state.outcome.over ? state.outcome.winner : undefined;
          const back = importRecord(exportRecord(state, { south: "s", north: "n", date, winner }));
          expect(back.ok).toBe(true);
          if (back.ok) {
            expect(back.value.state.position).toEqual(state.position);
            expect(back.value.state.history).toEqual(state.history);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
