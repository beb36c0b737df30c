/**
 * `npm run -s engine`: the JSON-lines contract of docs/rules.md section 5. One answer line per non-blank
 * input line, in order, written as soon as it is known, errors included; exit 0 at end of input.
 * A request with a `think` field is also searched, by the bot's own search pool (src/ai), which is why
 * this tool lives above both src/engine and src/ai.
 */
import { createInterface } from "node:readline";
import type { AiPool } from "../ai/pool.ts";
import { createAiPool } from "../ai/pool.ts";
import { thinkAnswer, thinkField } from "../ai/think-field.ts";
import { answerRequest } from "../engine/internal.ts";

let pool: AiPool | null = null;
/** Answers are written in input order: a line waits for the searches of the lines before it. */
let previous: Promise<void> = Promise.resolve();
let pending = 0;

function write(answer: object): void {
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  const answer = answerRequest(line);
  const think = thinkField(line);
  if (think === null && pending === 0) {
    write(answer);
    return;
  }
  pending++;
  const searched =
    think === null
      ? Promise.resolve(answer)
      : thinkAnswer(line, answer, think, () => {
          pool ??= createAiPool();
          return pool;
        });
  previous = previous.then(async () => {
    write(await searched);
    pending--;
  });
});
lines.on("close", () => {
  void previous.then(async () => {
    await pool?.close();
    // Let stdout drain before exiting (it is a pipe for the programs that converse with the tool).
    process.stdout.write("", () => process.exit(0));
  });
});
