/**
 * bench:ai's check that the engine tool's expert (`npm run -s engine`, its defaults) is the player Nickar
 * is on Discord: the same positions asked of the tool's process and of a search pool made as the bot
 * makes its own (src/discord/bot.ts: the configuration's endgame tables, prepared before the first move;
 * the request Nickar's own moves send, src/games/computer.ts: expert with the book), both seeded so that
 * the budget is a fixed number of nodes. The same player gives the same move, score, depth and nodes.
 */
import { spawn } from "node:child_process";
import { createAiPool } from "../src/ai/pool.ts";
import { think } from "../src/ai/think.ts";
import type { ThinkResult } from "../src/ai/types.ts";
import { loadConfig } from "../src/config.ts";
import { CoreGame } from "../src/engine/core.ts";
import { START_POSITION } from "../src/engine/notation.ts";
import { seededRandom } from "../src/engine/random.ts";
import type { RulesetId } from "../src/engine/types.ts";
import { randomOpening } from "./ai-match.ts";

interface Position {
  readonly ruleset: RulesetId;
  readonly moves: readonly number[];
}

/**
 * Per ruleset: the start, a random opening, and the medium level's self-play after 20, 40 and 60 plies
 * and 8 and 2 plies before its end (endgames, where the tables decide lines).
 */
function positions(rulesets: readonly RulesetId[], seed: number): Position[] {
  const list: Position[] = [];
  for (const ruleset of rulesets) {
    const rand = seededRandom(seed * 31 + rulesets.indexOf(ruleset));
    list.push({ ruleset, moves: [] }, { ruleset, moves: randomOpening(ruleset, rand) });
    const game = CoreGame.fromPosition(ruleset, START_POSITION);
    const moves: number[] = [];
    while (!game.over && moves.length < 400) {
      const best = think({ ruleset, moves, level: "medium", seed }).best;
      game.play(best);
      moves.push(best);
    }
    for (const plies of [20, 40, 60, moves.length - 8, moves.length - 2]) {
      if (plies > 0 && plies < moves.length) list.push({ ruleset, moves: moves.slice(0, plies) });
    }
  }
  return list;
}

/** The tool's answers to `lines`, from its own process with no flags (so its defaults are what is checked). */
function askTool(lines: readonly string[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, "src/bin/engine.ts"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`the engine tool exited with ${code}`));
      else
        resolve(
          out
            .trim()
            .split("\n")
            .map((l) => JSON.parse(l)),
        );
    });
    child.stdin.end(`${lines.join("\n")}\n`);
  });
}

export async function toolCheck(rulesets: readonly RulesetId[], ms: number, seed: number): Promise<boolean> {
  const list = positions(rulesets, seed);
  const think = { level: "expert", ms, seed };
  const tool = askTool(list.map((p) => JSON.stringify({ ruleset: p.ruleset, moves: p.moves, think })));
  const pool = createAiPool({ threads: 1, endgame: loadConfig().computer.endgame });
  let bot: ThinkResult[];
  try {
    await pool.prepareEndgames?.();
    bot = [];
    // One at a time: the bot's pool refuses more than its queue holds.
    for (const p of list) {
      bot.push(await pool.think({ ruleset: p.ruleset, moves: p.moves, level: "expert", book: true, ms, seed }));
    }
  } finally {
    await pool.close();
  }
  const answers = await tool;
  let sameMove = 0;
  let same = 0;
  let fromBook = 0;
  const differing: string[] = [];
  list.forEach((p, i) => {
    const a = answers[i];
    const b = bot[i];
    if (b.book) fromBook++;
    if (a.best === b.best) sameMove++;
    const all = a.best === b.best && a.score === b.score && a.depth === b.depth && a.nodes === b.nodes;
    if (all && (a.book === true) === (b.book === true)) same++;
    else differing.push(`${p.ruleset} ${p.moves.join("")}: tool ${JSON.stringify(a)}, bot ${JSON.stringify(b)}`);
  });
  console.log(
    `The engine tool's expert against the bot's (${list.length} positions in ${rulesets.join(", ")}, ${ms * 1000} nodes a search, ${fromBook} from the book): the same move in ${sameMove}/${list.length}, the same move, score, depth and nodes in ${same}/${list.length}: ${same === list.length ? "the same player" : "NOT the same player"}\n`,
  );
  for (const line of differing) console.log(`- ${line}`);
  return same === list.length;
}
