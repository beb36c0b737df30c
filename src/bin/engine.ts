/**
 * `npm run -s engine [-- --tables-dir DIR] [--tables-seeds N]`: the JSON-lines contract of docs/rules.md
 * section 5. One answer line per non-blank input line, in order, written as soon as it is known, errors
 * included; exit 0 at end of input.
 * A request with a `think` field is also searched, by the bot's own search pool (src/ai), which is why
 * this tool lives above both src/engine and src/ai. It searches as Nickar plays: with the endgame tables
 * of the bot's data folder (ENDGAME_SEEDS seeds, the `endgame` folder beside DATABASE_PATH; the flags
 * point elsewhere, --tables-seeds 0 for none), each read, or built once if missing, before the first
 * search of its ruleset, and with the opening book (think.ts).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { tablesOverridden } from "../ai/endgame-file.ts";
import type { AiPool, EndgameOptions, TableReport } from "../ai/pool.ts";
import { createAiPool } from "../ai/pool.ts";
import { type ThinkField, thinkAnswer, thinkField } from "../ai/think-field.ts";
import { loadConfig } from "../config.ts";
import { answerRequest, type EngineAnswer, isRulesetId, type RulesetId } from "../engine/internal.ts";

function parseFlags() {
  try {
    return parseArgs({ options: { "tables-dir": { type: "string" }, "tables-seeds": { type: "string" } } }).values;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
const flags = parseFlags();
const flagSeeds = flags["tables-seeds"] === undefined ? undefined : Number(flags["tables-seeds"]);
if (flagSeeds !== undefined && !(Number.isInteger(flagSeeds) && flagSeeds >= 0 && flagSeeds <= 15)) {
  process.stderr.write("--tables-seeds must be 0 (no tables) to 15\n");
  process.exit(2);
}

/**
 * The tables as the bot finds them (src/config.ts), unless both flags say otherwise. Read at the first
 * search only: a tool asked no `think` needs no configuration.
 */
function endgameOptions(): EndgameOptions {
  const fromFlags = { dir: flags["tables-dir"], seeds: flagSeeds };
  if (fromFlags.dir !== undefined && fromFlags.seeds !== undefined) return fromFlags as EndgameOptions;
  // --tables-seeds is one size for every ruleset; without it, the bot's size per ruleset.
  return tablesOverridden(loadConfig().computer.endgame, fromFlags.dir, fromFlags.seeds);
}

let pool: AiPool | null = null;
/** Per ruleset: its table read, or built and written, before the first search (a rejection: not ready). */
const tablesReady = new Map<RulesetId, Promise<unknown>>();

function searchPool(): AiPool {
  // No bound on waiting searches: the caller's lines are the queue, and each is answered in its turn.
  pool ??= createAiPool({ endgame: endgameOptions(), maxQueue: Number.POSITIVE_INFINITY });
  return pool;
}

/**
 * Waits for the ruleset's endgame table. A table that cannot be built or written (a read-only folder)
 * is said on stderr, and the search goes on without it, as the bot's does.
 */
function tablesFor(line: string): Promise<unknown> {
  const ruleset = (JSON.parse(line) as { ruleset?: unknown }).ruleset;
  if (!isRulesetId(ruleset)) return Promise.resolve();
  let ready = tablesReady.get(ruleset);
  if (!ready) {
    const onTable = (report: TableReport) => {
      if (!report.built) return;
      const seconds = (report.ms / 1000).toFixed(1);
      process.stderr.write(`endgame table ${ruleset} (${report.seeds} seeds) built in ${seconds} s\n`);
    };
    ready = (searchPool().prepareEndgames?.(onTable, [ruleset]) ?? Promise.resolve()).catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      process.stderr.write(`endgame table ${ruleset} not ready, searching without it: ${why}\n`);
    });
    tablesReady.set(ruleset, ready);
  }
  return ready;
}

/** Answers are written in input order: a line waits for the searches of the lines before it. */
let previous: Promise<void> = Promise.resolve();
let pending = 0;

function write(answer: object): void {
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}

async function searchedAnswer(
  line: string,
  answer: EngineAnswer,
  think: ThinkField | { error: string },
): Promise<object> {
  try {
    if (!("error" in answer) && !("error" in think) && !answer.over) await tablesFor(line);
    return await thinkAnswer(line, answer, think, searchPool);
  } catch (error) {
    // The configuration (read at the first search) is invalid: every search says so.
    return { error: `think: ${error instanceof Error ? error.message : String(error)}` };
  }
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
  const searched = think === null ? Promise.resolve(answer) : searchedAnswer(line, answer, think);
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
