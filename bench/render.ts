/**
 * Render speed: a midgame board PNG (the bot's palette PNG, drawn on the main thread and in a render
 * worker as the bot draws it, and full colour for comparison) and the
 * GIF of a long haiti relay move (found by random playouts with a fixed seed). Targets: the board
 * median < 5 ms in a render worker (the bot's path) and < 100 KB, GIF < 500 ms.
 * `npx tsx bench/render.ts` prints the lines; the bench runner can call benchRender().
 */
import { pathToFileURL } from "node:url";
import { newGame, play, seededRandom as random } from "../src/engine/internal.ts";
import { type BoardView, renderBoardPng, renderMoveGif, viewFromState } from "../src/render/index.ts";
import { RenderPool } from "../src/render/pool.ts";

const PLAYERS: BoardView["players"] = [{ name: "Ada" }, { name: "Kwame" }];

/** An abapa game after `plies` random moves, with its last move to highlight. */
function midgame(plies: number): BoardView {
  return games(1, plies, 7)[0].at(-1)!;
}

/**
 * `count` random abapa games of `plies` moves (fewer when one ends), as the boards after each move,
 * with different player names per game: the boards a bot serving many games renders in turn.
 */
function games(count: number, plies: number, seed: number, names = ["Ada", "Kwame"]): BoardView[][] {
  const rand = random(seed);
  const out: BoardView[][] = [];
  while (out.length < count) {
    const players: BoardView["players"] = [
      { name: `${names[0]} ${out.length}` },
      { name: `${names[1]} ${out.length}` },
    ];
    const views: BoardView[] = [];
    let state = newGame("abapa");
    for (let i = 0; i < plies && !state.outcome.over; i++) {
      const played = play(state, state.legalMoves[Math.floor(rand() * state.legalMoves.length)]);
      if (!played.ok) throw new Error(played.error.message);
      views.push(viewFromState(played.value.state, players, { before: state, events: played.value.events }));
      state = played.value.state;
    }
    if (views.length === plies) out.push(views);
  }
  return out;
}

/** The boards of `count` games interleaved: one move of each game in turn. */
function interleaved(count: number, plies: number, seed = 11, names?: string[]): BoardView[] {
  const all = games(count, plies, seed, names);
  return Array.from({ length: plies }, (_, i) => all.map((g) => g[i])).flat();
}

/** The haiti move with the most relay pickups seen in random playouts (seed 1). */
function longRelay(games: number): { view: BoardView; relays: number; drops: number } {
  const rand = random(1);
  let best: { view: BoardView; relays: number; drops: number } | null = null;
  for (let g = 0; g < games; g++) {
    let state = newGame("haiti");
    for (let ply = 0; ply < 200 && !state.outcome.over; ply++) {
      const played = play(state, state.legalMoves[Math.floor(rand() * state.legalMoves.length)]);
      if (!played.ok) throw new Error(played.error.message);
      const { events } = played.value;
      const relays = events.filter((e) => e.type === "pickup" && e.relay).length;
      if (!best || relays > best.relays) {
        const view = viewFromState(played.value.state, PLAYERS, { before: state, events });
        best = { view, relays, drops: events.filter((e) => e.type === "sow").length };
      }
      state = played.value.state;
    }
  }
  if (!best) throw new Error("no haiti move found");
  return best;
}

interface Timing {
  /** Wall-clock milliseconds of each run, sorted. */
  wall: number[];
  /** CPU milliseconds per run (all threads of the process, deflate's included), on average. */
  cpu: number;
}

/**
 * Wall-clock times and CPU time per run. On a machine shared with other work the wall-clock times
 * include waiting for a core; the CPU time does not.
 */
async function measure(iterations: number, warmup: number, run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run();
  const wall: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await run();
    wall.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  return { wall: wall.sort((a, b) => a - b), cpu: (used.user + used.system) / 1000 / iterations };
}

function stats(sorted: number[]): { median: number; p95: number } {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p95: at(0.95) };
}

/** `target` null: a figure for comparison, on a path the bot does not take. */
function line(label: string, timing: Timing, target: number | null, extra: string): string {
  const { median, p95 } = stats(timing.wall);
  const verdict =
    target === null ? "for comparison" : `target median < ${target} ms: ${median < target ? "ok" : "MISSED"}`;
  return `${label}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, CPU ${timing.cpu.toFixed(1)} ms (${verdict})${extra}`;
}

export async function benchRender(): Promise<string[]> {
  const board = midgame(24);
  const png = await renderBoardPng(board);
  // Every run draws a different board: a move in one of 8 games in turn, as a busy bot draws them.
  const boards = interleaved(8, 40);
  // Before them, the boards of 8 other games (other seeds, other names): a thread that has been
  // drawing for a while, its kept seed heaps, text widths and translations filled. What the first
  // boards of a fresh thread cost is printed too.
  const earlier = interleaved(8, 40, 12, ["Abena", "Kofi"]);
  let next = 0;
  let warming = 0;
  await measure(earlier.length, 0, () => renderBoardPng(earlier[warming++ % earlier.length]));
  const pngTimes = await measure(200, 20, () => renderBoardPng(boards[next++ % boards.length]));
  // The bot's own path: the board drawn and encoded in a render worker, sent back to the main thread.
  const pool = new RenderPool({ threads: 1 });
  const rssBefore = process.memoryUsage().rss;
  warming = 0;
  const freshTimes = await measure(earlier.length, 0, () => pool.board(earlier[warming++ % earlier.length]));
  const workerTimes = await measure(600, 20, () => pool.board(boards[next++ % boards.length]));
  const grown = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  const drawn = earlier.length + 620;
  await pool.close();
  const full = await renderBoardPng(board, { colours: "full" });
  const fullTimes = await measure(30, 5, () => renderBoardPng(board, { colours: "full" }));

  const relay = longRelay(300);
  const gif = await renderMoveGif(relay.view);
  const gifTimes = await measure(10, 2, () => renderMoveGif(relay.view));

  return [
    // The bot never draws a board on its main thread (there deflate goes to the libuv pool, which
    // needs its own copy of the rows); the 5 ms target is for the worker's line below.
    line(
      "render board PNG (palette) on the main thread, a move in one of 8 abapa games in turn",
      pngTimes,
      null,
      `, ${(png.length / 1024).toFixed(0)} KB (the 24-ply midgame)`,
    ),
    line(
      `render board PNG (palette) in a fresh render worker, its first ${earlier.length} boards (8 other games)`,
      freshTimes,
      null,
      "",
    ),
    line(
      "render board PNG (palette) in a render worker, as the bot does, the same boards as above",
      workerTimes,
      5,
      `; the process grew by ${grown.toFixed(0)} MB over the thread's ${drawn} boards`,
    ),
    line("render board PNG (full colour), the same", fullTimes, 15, `, ${(full.length / 1024).toFixed(0)} KB`),
    line(
      `render GIF, haiti move with ${relay.relays} relays and ${relay.drops} drops`,
      gifTimes,
      500,
      `, ${(gif.length / 1024).toFixed(0)} KB`,
    ),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const text of await benchRender()) console.log(text);
}
