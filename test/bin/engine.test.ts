/** The JSON-lines engine tool through its real process (docs/rules.md section 5). */
import { describe, expect, it } from "vitest";
import { runEngineTool, startEngineTool } from "./engine-tool.ts";

describe("engine tool", () => {
  it("engine tool - answers every line in order and goes on after errors - valid, blank and bad lines", async () => {
    const input = [
      '{"ruleset":"abapa","moves":[3,5,1]}',
      "",
      '{"ruleset":"haiti","position":{"pits":[0,1,0,2,5,0,3,0,4,4,1,0],"stores":[8,20],"toMove":1},"moves":[]}',
      '{"ruleset":"abapa","moves":[3,9]}',
      "{not json",
      '{"ruleset":"chess"}',
      '{"ruleset":"abapa","position":{"pits":[5,4,4,4,4,4,4,4,4,4,4,4],"stores":[0,0],"toMove":0}}',
      '{"ruleset":"abapa","moves":[1,1,1]}',
      '{"ruleset":"abapa","moves":[3],"extra":"ignored"}',
      '{"ruleset":"abapa","position":{"pits":[1,0,0,0,0,0,0,0,0,0,0,0],"stores":[23,24],"toMove":0},"moves":[1]}',
    ].join("\n");
    const { lines: text, code } = await runEngineTool(`${input}\n`);
    const lines = text.map((l) => JSON.parse(l));
    expect(code).toBe(0);
    expect(lines).toHaveLength(9);
    expect(lines[0]).toEqual({
      pits: [0, 6, 2, 6, 6, 6, 5, 4, 4, 4, 0, 5],
      stores: [0, 0],
      toMove: 1,
      over: false,
      winner: null,
      reason: null,
      legal: [1, 2, 3, 4, 6],
    });
    expect(lines[1]).toMatchObject({ pits: [0, 1, 0, 2, 5, 0, 3, 0, 4, 4, 1, 0], legal: [1, 3, 4] });
    expect(lines[2]).toEqual({ error: "move 9 at ply 1 is not a house number 1..6", ply: 1 });
    expect(lines[3]).toHaveProperty("error");
    expect(lines[4]).toHaveProperty("error");
    expect(lines[5]).toHaveProperty("error");
    expect(lines[6]).toMatchObject({ ply: 2 });
    expect(lines[7]).toMatchObject({ toMove: 1, over: false });
    expect(lines[8]).toMatchObject({ ply: 0 });
  });

  it("engine tool - answers each line before the next is sent - a conversation", async () => {
    const child = startEngineTool();
    const answers: string[] = [];
    let buffer = "";
    let wake: (() => void) | null = null;
    child.stdout.on("data", (d) => {
      buffer += d;
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      answers.push(...parts);
      wake?.();
    });
    const ask = (line: string) =>
      new Promise<unknown>((resolve) => {
        const before = answers.length;
        wake = () => answers.length > before && resolve(JSON.parse(answers[before]));
        child.stdin.write(`${line}\n`);
      });
    expect(await ask('{"ruleset":"wari"}')).toMatchObject({ legal: [1, 2, 3, 4, 5, 6] });
    expect(await ask('{"ruleset":"wari","moves":[1]}')).toMatchObject({ toMove: 1 });
    child.stdin.end();
    await new Promise((r) => child.on("close", r));
  });
});
