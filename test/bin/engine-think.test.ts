/** The engine tool's `think` field, through the real process and the bot's search pool. */
import { describe, expect, it } from "vitest";
import { runEngineTool } from "./engine-tool.ts";

describe("engine tool think", () => {
  it("engine tool think - adds best, score, depth and nodes in order, the rest unchanged - mixed requests", async () => {
    // Past the opening book (it holds every position of the first three plies): the expert searches.
    const plain = '{"ruleset":"abapa","moves":[3,5,1,2]}';
    const { lines } = await runEngineTool(
      [
        '{"ruleset":"abapa","moves":[3,5,1,2],"think":{"level":"expert","ms":200,"seed":1}}',
        plain,
        '{"ruleset":"haiti","think":{"level":"hard","ms":100,"seed":2}}',
        '{"ruleset":"abapa","think":{"level":"grandmaster"}}',
        '{"ruleset":"abapa","moves":[3,9],"think":{}}',
        '{"ruleset":"abapa","position":{"pits":[1,0,0,0,0,0,0,0,0,0,0,0],"stores":[23,24],"toMove":1},"think":{}}',
        '{"ruleset":"abapa","moves":[3,5,1,2],"think":{"level":"expert","ms":200,"seed":1}}',
        '{"ruleset":"abapa","moves":[3,5,1],"think":{"level":"expert","ms":200,"seed":1}}',
      ].join("\n"),
      // The tables' own tests are in engine-tables.test.ts: none here, so that this one builds nothing.
      { args: ["--tables-seeds", "0"] },
    );
    const [first, second, third, badLevel, badMove, over, again, booked] = lines.map((l) => JSON.parse(l));
    const base = {
      pits: [0, 6, 2, 6, 6, 6, 5, 0, 5, 5, 1, 6],
      stores: [0, 0],
      toMove: 0,
      over: false,
      winner: null,
      reason: null,
      legal: [2, 3, 4, 5, 6],
    };
    expect(first).toMatchObject(base);
    expect(base.legal).toContain(first.best);
    expect(first.depth).toBeGreaterThan(3);
    expect(first.nodes).toBeGreaterThan(1000);
    expect(typeof first.score).toBe("number");
    expect(again).toEqual(first); // seeded: the same answer
    expect(lines[1]).toBe(JSON.stringify(base)); // byte for byte what it was without think
    expect(second).toEqual(base);
    expect(third.legal).toContain(third.best);
    expect(badLevel.error).toMatch(/level/);
    expect(badMove).toEqual({ error: "move 9 at ply 1 is not a house number 1..6", ply: 1 });
    expect(over).toMatchObject({ over: true, best: null, score: null });
    // Inside the book the expert answers from it, as on Discord: no search.
    expect(booked).toMatchObject({ book: true, depth: 0, nodes: 0, legal: [1, 2, 3, 4, 6] });
    expect(booked.legal).toContain(booked.best);
  });
});
