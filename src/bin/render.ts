/**
 * Preview tool: `npm run -s render -- --ruleset R [--position STRING] --moves 3,5,1 --out FILE
 * [--names South,North] [--footer TEXT]`. Plays the moves (house numbers of the player to move) and
 * writes the final position with the last move highlighted: a PNG for .png, the animated last move
 * for .gif. Bad arguments: a message on stderr and exit code 2.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import {
  fromPosition,
  type GameState,
  isRulesetId,
  type MoveEvent,
  newGame,
  parsePosition,
  play,
  RULESET_IDS,
} from "../engine/index.ts";
import { renderMoveGif } from "../render/gif.ts";
import { renderBoardPng } from "../render/png.ts";
import { type PlayerLabel, viewFromState } from "../render/view.ts";

class UsageError extends Error {}

const USAGE =
  "usage: npm run -s render -- --ruleset R [--position STRING] [--moves 3,5,1] --out FILE.png|FILE.gif [--names South,North] [--footer TEXT]";

function parseMoves(text: string | undefined): number[] {
  if (text === undefined || text.trim() === "") return [];
  return text.split(",").map((part) => {
    if (!/^\s*\d+\s*$/.test(part)) throw new UsageError(`--moves: "${part}" is not a house number 1..6`);
    return Number(part);
  });
}

async function main(argv: string[]): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        ruleset: { type: "string" },
        position: { type: "string" },
        moves: { type: "string" },
        out: { type: "string" },
        names: { type: "string" },
        footer: { type: "string" },
      },
      strict: true,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { ruleset, out } = values;
  if (!ruleset) throw new UsageError("missing --ruleset");
  if (!isRulesetId(ruleset)) throw new UsageError(`unknown ruleset "${ruleset}" (one of ${RULESET_IDS.join(", ")})`);
  if (!out) throw new UsageError("missing --out FILE (.png or .gif)");
  const kind = out.toLowerCase().endsWith(".png") ? "png" : out.toLowerCase().endsWith(".gif") ? "gif" : null;
  if (!kind) throw new UsageError(`--out ${out}: the file name must end in .png or .gif`);

  let first = newGame(ruleset);
  if (values.position !== undefined) {
    const parsed = parsePosition(ruleset, values.position);
    if (!parsed.ok) throw new UsageError(`--position: ${parsed.error.message}`);
    const created = fromPosition(ruleset, parsed.value);
    if (!created.ok) throw new UsageError(created.error.message);
    first = created.value;
  }

  const moves = parseMoves(values.moves);
  if (kind === "gif" && moves.length === 0)
    throw new UsageError("a GIF animates the last move: give at least one move in --moves");
  let state = first;
  let last: { before: GameState; events: readonly MoveEvent[] } | undefined;
  for (const [i, house] of moves.entries()) {
    const played = play(state, house);
    if (!played.ok) throw new UsageError(`illegal move ${house} (move ${i + 1} of --moves): ${played.error.message}`);
    last = { before: state, events: played.value.events };
    state = played.value.state;
  }

  const names = (values.names ?? "").split(",");
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0]?.trim() ?? "" }, { name: names[1]?.trim() ?? "" }];
  const view = viewFromState(state, players, last);
  if (values.footer) view.footer = values.footer;
  const image = kind === "png" ? await renderBoardPng(view) : await renderMoveGif(view);
  writeFileSync(out, image);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`render: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`render: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
