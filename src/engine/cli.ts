/**
 * `npm run -s engine`: the JSON-lines contract of RULES.md section 5. One answer line per non-blank
 * input line, written as soon as the line is read, errors included; exit 0 at end of input.
 */
import { createInterface } from "node:readline";
import { answerRequest } from "./jsonl.ts";

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  process.stdout.write(`${JSON.stringify(answerRequest(line))}\n`);
});
lines.on("close", () => {
  // Let stdout drain before exiting (it is a pipe for the programs that converse with the tool).
  process.stdout.write("", () => process.exit(0));
});
