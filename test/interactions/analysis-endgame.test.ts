/**
 * An analysis's endgames that the table decides (src/games/analysis-report.ts, views/analysis.ts): the
 * first position from which the result was decided for good, in the summary and the viewer, with the
 * score of best play.
 */
import { describe, expect, it } from "vitest";
import type { EndgameVerdict } from "../../src/ai/index.ts";
import type { AnalysisRow, GameRow } from "../../src/db/schema.ts";
import { fromPosition, type GameState, play } from "../../src/engine/index.ts";
import { type AnalysisReport, buildReport, type PositionEval } from "../../src/games/analysis-report.ts";
import { analysisReply, viewerAnalysisLines } from "../../src/games/views/analysis.ts";
import { voiceOf } from "../../src/interactions/views/parts.ts";
import { ALICE, BOB, fakeImages } from "../support/helpers.ts";

/** South F takes a's two seeds (24-22), North's f is the last move: South takes the rest, 26-22. */
function finishedGame(): GameState {
  const start = fromPosition("abapa", { pits: [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1], stores: [22, 22], toMove: 0 });
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  for (const house of [6, 6]) {
    const moved = play(state, house);
    if (!moved.ok) throw new Error(moved.error.message);
    state = moved.value.state;
  }
  expect(state.outcome).toMatchObject({ over: true, winner: 0 });
  return state;
}

const SOUTH_26_22: EndgameVerdict = { winner: 0, stores: [26, 22] };
const at = (endgame?: EndgameVerdict): PositionEval => ({
  score: 9000,
  best: 6,
  depth: 4,
  ...(endgame && { endgame }),
});
const row = { id: "k7m2xq9d", ruleset: "abapa", southId: ALICE, northId: BOB } as GameRow;
const analysisRow = { budgetMs: 2000 } as AnalysisRow;
const en = voiceOf("en");
const summaryOf = (report: AnalysisReport) =>
  analysisReply({ images: fakeImages }, row, analysisRow, report, en).content!;

describe("analysis - decided endgames", () => {
  it("analysis - the summary and the viewer say the endgame and its score - decided from the start", () => {
    const report = buildReport(finishedGame(), [at(SOUTH_26_22), at(SOUTH_26_22)]);
    expect(report.decided).toEqual({ ply: 0, verdict: SOUTH_26_22 });
    expect(summaryOf(report)).toContain(
      "Endgame table: from the start, won endgame for South, 26–22 with best play (South–North).",
    );
    expect(viewerAnalysisLines(report, 1, en.t)[0]).toBe("Evaluation: won endgame for South, 26–22 with best play");
    expect(viewerAnalysisLines(report, 1, voiceOf("fr").t)[0]).toBe(
      "Évaluation : finale gagnée pour Sud, 26–22 avec le meilleur jeu",
    );
  });

  it("analysis - decided from the last verdict that the result kept - a verdict the game did not keep", () => {
    const northWins: EndgameVerdict = { winner: 1 };
    const report = buildReport(finishedGame(), [at(northWins), at(SOUTH_26_22)]);
    expect(report.decided).toEqual({ ply: 1, verdict: SOUTH_26_22 });
    expect(summaryOf(report)).toContain(
      "Endgame table: from 1. F on, won endgame for South, 26–22 with best play (South–North).",
    );
    expect(viewerAnalysisLines(report, 0, en.t)[0]).toBe("Evaluation: won endgame for North with best play");
  });

  it("analysis - no endgame line - no verdict stored (an analysis made before)", () => {
    const report = buildReport(finishedGame(), [at(), at()]);
    expect(report.decided).toBeNull();
    expect(summaryOf(report)).not.toContain("Endgame table");
  });
});
