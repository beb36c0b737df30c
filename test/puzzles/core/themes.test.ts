/**
 * A puzzle's themes say what its line shows (issue 33): each stored theme of every shipped puzzle is
 * checked here against the events of the solution itself, replayed through the engine's public API, by
 * a rule written apart from themes.ts; none is left without a theme; the puzzles the issue named are right.
 */
import { describe, expect, it } from "vitest";
import { type EngineReason, type MoveEvent, play, RULESETS } from "../../../src/engine/index.ts";
import { loadStarterPuzzles } from "../../../src/puzzles/core/starter.ts";
import { stateOf, themesOf } from "../../../src/puzzles/core/themes.ts";
import type { Puzzle, Theme } from "../../../src/puzzles/core/types.ts";

/** What the solution shows, move by move: who moved, what the move did, whether the mover's opponent had an empty row. */
function movesOf(puzzle: Puzzle) {
  let state = stateOf(puzzle);
  const solver = state.position.toMove;
  const seeds = state.position.pits.reduce((a, b) => a + b, 0);
  const moves = puzzle.solution.map((house) => {
    const mover = state.position.toMove;
    const theirs = state.position.pits.slice((1 - mover) * 6, (1 - mover) * 6 + 6);
    const played = play(state, house);
    if (!played.ok) throw new Error(`${puzzle.id}: ${played.error.message}`);
    state = played.value.state;
    return { solver: mover === solver, events: played.value.events, fed: theirs.every((n) => n === 0) };
  });
  return { solver, seeds, moves };
}

const captures = (events: readonly MoveEvent[]) =>
  events.filter((e): e is Extract<MoveEvent, { type: "capture" }> => e.type === "capture");
const endedBy = (events: readonly MoveEvent[], reasons: readonly EngineReason[]) =>
  events.some((e) => e.type === "game-over" && reasons.includes(e.reason));

/** Each theme's evidence in the line (docs/solving-puzzles.md's table). */
const SHOWN: Record<Theme, (line: ReturnType<typeof movesOf>, puzzle: Puzzle) => boolean> = {
  capture: (l) => l.moves.some((m) => m.solver && captures(m.events).some((c) => c.pits.length === 1)),
  "capture-chain": (l) => l.moves.some((m) => m.solver && captures(m.events).some((c) => c.pits.length >= 2)),
  "quiet-move": (l) =>
    captures(l.moves[0].events).length === 0 && !l.moves[0].events.some((e) => e.type === "game-over"),
  sacrifice: (l) => l.moves.some((m) => !m.solver && captures(m.events).length > 0),
  kay: (l) => l.moves.some((m) => m.solver && captures(m.events).some((c) => c.kay)),
  relay: (l, p) =>
    p.ruleset === "haiti" &&
    l.moves.some(
      (m) => m.solver && m.events.some((e) => e.type === "pickup" && e.relay) && captures(m.events).length > 0,
    ),
  "grand-slam": (l) =>
    l.moves.some((m) => m.solver && m.events.some((e) => e.type === "grand-slam" && e.treatment !== "no-capture")),
  feeding: (l, p) => RULESETS[p.ruleset].mechanics.family === "oware" && l.moves.some((m) => m.fed),
  starvation: (l) => l.moves.some((m) => endedBy(m.events, ["starvation", "no-moves", "stuck"])),
  cycle: (l) => l.moves.some((m) => endedBy(m.events, ["cycle"])),
  "twenty-five": (l) => l.moves.some((m) => endedBy(m.events, ["twenty-five"])),
  endgame: (l) => l.seeds <= 14,
};

describe("puzzle themes", () => {
  const all = loadStarterPuzzles();

  it("starter set - every stored theme - shown by the puzzle's own line (900 puzzles)", () => {
    const unfounded = all.flatMap((p) => {
      const line = movesOf(p);
      return p.themes.filter((t) => !SHOWN[t](line, p)).map((t) => `${p.ruleset} ${p.id} ${t}`);
    });
    expect(unfounded).toEqual([]);
  });

  it("starter set - themes - what the line shows, none missing, no puzzle without one", () => {
    const differing = all.filter((p) => themesOf(p, p.solution).join(" ") !== p.themes.join(" "));
    expect(differing.map((p) => p.id)).toEqual([]);
    for (const p of all) {
      const line = movesOf(p);
      const shown = (Object.keys(SHOWN) as Theme[]).filter((t) => SHOWN[t](line, p));
      expect(new Set(p.themes), p.id).toEqual(new Set(shown));
    }
    expect(all.filter((p) => p.themes.length === 0).map((p) => p.id)).toEqual([]);
  });

  it("issue 33's puzzles - starvation only where the line reaches it, a theme for the one that had none", () => {
    const byId = (id: string) => all.find((p) => p.id === id)!;
    // One quiet move that the search proves wins by starvation twelve plies later: the line shows a quiet move.
    expect(byId("438c67ef4394").themes).toEqual(["quiet-move", "endgame"]);
    // A Kay of two houses, the game going on after it.
    expect(byId("09f364d78fd3").themes).toEqual(["capture-chain", "kay"]);
    // e takes one house (2 seeds): it had no theme.
    expect(byId("62e11923d3e5").themes).toEqual(["capture"]);
  });
});
