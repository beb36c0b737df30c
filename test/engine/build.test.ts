/**
 * The engine as a package: `npm run build:engine` compiles src/engine to JavaScript with declarations
 * in dist/engine, a plain Node process (no tsx) imports it as `nickar/engine` through package.json's
 * `exports`, and the checked-in API report (api/engine.api.md) matches the built declarations, so a
 * change of the public surface shows in review (`npm run api:engine` rewrites the report).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("engine package", () => {
  beforeAll(async () => {
    await run("npm", ["run", "-s", "build:engine"]);
  }, 120_000);

  it("build - emits JavaScript and declarations for both entries - dist/engine", () => {
    for (const file of ["index.js", "index.d.ts", "internal.js", "internal.d.ts", "core.js", "jsonl.js"]) {
      expect(existsSync(`dist/engine/${file}`), file).toBe(true);
    }
  });

  it("nickar/engine - plays and refuses moves in a plain node process - a short abapa game", async () => {
    const script = `
      import { newGame, play, replay, RULESETS } from "nickar/engine";
      import { coreOf } from "nickar/engine/internal";
      const played = play(newGame("abapa"), 3);
      const refused = play(newGame("abapa"), 7);
      const replayed = replay(newGame("abapa"), [3, 1, 3]);
      console.log(JSON.stringify({
        pits: played.ok && played.value.state.position.pits,
        refused: !refused.ok && refused.error.code,
        failedAt: !replayed.ok && replayed.ply,
        frozen: Object.isFrozen(RULESETS.abapa.rules),
        core: coreOf(newGame("wari")).legalHouses(),
      }));
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
    expect(JSON.parse(stdout)).toEqual({
      pits: [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4],
      refused: "move/not-a-house",
      failedAt: 2,
      frozen: true,
      core: [1, 2, 3, 4, 5, 6],
    });
  });

  it("API report - matches the public declarations - api/engine.api.md", () => {
    const config = ExtractorConfig.loadFileAndPrepare("api-extractor.json");
    const problems: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: false,
      messageCallback: (message) => {
        if (message.logLevel === "error" || message.logLevel === "warning")
          problems.push(message.formatMessageWithLocation(process.cwd()));
        message.handled = true;
      },
    });
    expect(
      result.apiReportChanged,
      "the public API changed: run `npm run api:engine` and commit api/engine.api.md",
    ).toBe(false);
    expect(problems).toEqual([]);
  });
});
