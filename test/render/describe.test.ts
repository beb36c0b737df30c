import { describe, expect, it } from "vitest";
import { ALT_TEXT_LIMIT, describeBoard } from "../../src/render/describe.ts";
import { describeChart, describeLadder } from "../../src/render/describe-charts.ts";
import { SCENARIOS } from "./fixtures.ts";

describe("alt text", () => {
  it("describeBoard - every pit, both stores, whose turn and the last move - a capture", () => {
    const text = describeBoard({ ...SCENARIOS.capture(), gameId: "ab12cd34" });
    expect(text).toBe(
      "Oware Abapa board, game ab12cd34. Last move: Ada played D, took 5. Kwame to move. " +
        "South, Ada: houses A 2, B 3, C 1, D 0, E 3, F 2; store 17. " +
        "North, Kwame: houses a 0, b 0, c 5, d 3, e 0, f 4; store 8.",
    );
  });

  it("describeBoard - the result instead of the turn, kay in haiti - finished and haiti", () => {
    expect(describeBoard(SCENARIOS.finished())).toContain("Ada wins 27–2: reached 25 seeds.");
    expect(describeBoard(SCENARIOS.finished())).not.toContain("to move");
    expect(describeBoard(SCENARIOS["haiti-relay"]())).toMatch(/store 4 \(1 kay\)/);
  });

  it("describeBoard - within Discord's 1024 characters - very long names", () => {
    const view = {
      ...SCENARIOS.finished(),
      players: [{ name: "x".repeat(600) }, { name: "y".repeat(600) }] as [{ name: string }, { name: string }],
    };
    expect(describeBoard(view).length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
  });

  it("describeChart and describeLadder - the trend and the rungs - in words", () => {
    const points = [1500, 1540, 1520, 1600].map((rating, i) => ({ at: i, rating, deviation: 300 - i * 20 }));
    expect(describeChart("alice", points)).toContain(
      "4 games, starting at 1500; up from 1500 after the first game to 1600 now (highest 1600, lowest 1500); deviation now 240",
    );
    expect(
      describeLadder(
        "Abapa ladder",
        [
          { name: "dave", detail: "1612", moved: "took rung 1" },
          { name: "alice", detail: "1590?" },
        ],
        2,
      ),
    ).toBe("Abapa ladder, top rung first: 1. dave (1612, took rung 1); 2. alice (1590?); and 2 more.");
  });
});
