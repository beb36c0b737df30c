/**
 * The shared engine test vectors (docs/rules.md section 6), copied from ../shared/vectors/engine.jsonl so
 * that the suite runs on a clone alone; `../shared/tools/check-vectors` runs the same file through
 * the engine tool's process.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerRequest, evaluateRequest, type RequestErrorCode } from "../../src/engine/jsonl.ts";

interface Vector {
  case: string;
  request: unknown;
  expect: Record<string, unknown> & { error?: boolean; ply?: number };
}

const vectors: Vector[] = readFileSync(new URL("./fixtures/engine-vectors.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

/**
 * The error code each error vector must fail with: the vectors say only `"error": true`, so the codes
 * come from docs/rules.md's rules for each case. "illegal single seed" is a position where South's only
 * seeds are one lone seed that may not move: South has no legal move, so the game is over before
 * the move is tried (docs/rules.md section 2), and the refusal is move/game-over.
 */
const ERROR_CODES: Record<string, RequestErrorCode> = {
  "error/unknown ruleset": "ruleset/unknown",
  "error/not a house number": "move/not-a-house",
  "error/11 pits": "position/invalid",
  "error/49 seeds": "position/invalid",
  "error/illegal single seed": "move/game-over",
  "error/move after the end": "move/game-over",
};

describe("engine vectors", () => {
  it.each(vectors.map((v) => [v.case, v] as const))("vector - reproduces every expected field - %s", (_, vector) => {
    const answer = answerRequest(JSON.stringify(vector.request)) as Record<string, unknown>;
    if (vector.expect.error) {
      expect(answer).toHaveProperty("error");
      if ("ply" in vector.expect) expect(answer.ply).toBe(vector.expect.ply);
      const evaluated = evaluateRequest(JSON.stringify(vector.request));
      expect(ERROR_CODES, "every error vector has an expected code").toHaveProperty([vector.case]);
      expect(evaluated.ok ? "no error" : evaluated.code).toBe(ERROR_CODES[vector.case]);
    } else {
      for (const [field, value] of Object.entries(vector.expect)) expect(answer[field], field).toEqual(value);
    }
  });
});
