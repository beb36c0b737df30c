/**
 * The shared engine test vectors (RULES.md section 6), copied from ../shared/vectors/engine.jsonl so
 * that the suite runs on a clone alone; `../shared/tools/check-vectors` runs the same file through
 * the engine tool's process.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { answerRequest } from "../../src/engine/jsonl.ts";

interface Vector {
  case: string;
  request: unknown;
  expect: Record<string, unknown> & { error?: boolean; ply?: number };
}

const vectors: Vector[] = readFileSync(new URL("./fixtures/engine-vectors.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

describe("engine vectors", () => {
  it.each(vectors.map((v) => [v.case, v] as const))("vector - reproduces every expected field - %s", (_, vector) => {
    const answer = answerRequest(JSON.stringify(vector.request)) as Record<string, unknown>;
    if (vector.expect.error) {
      expect(answer).toHaveProperty("error");
      if ("ply" in vector.expect) expect(answer.ply).toBe(vector.expect.ply);
    } else {
      for (const [field, value] of Object.entries(vector.expect)) expect(answer[field], field).toEqual(value);
    }
  });
});
