/**
 * The one door to the renderer (src/render). Two ways through it: `pooledImages`, the bot's, draws
 * in the render pool's worker threads (games against the computer in their own lane); and
 * `rendererImages` draws in this thread, loaded lazily (canvas and fonts are needed by neither
 * commands deployment nor most tests), for tests and tools.
 */
import type { RatingPoint, Rung } from "../render/chart.ts";
import type { RenderPool } from "../render/pool.ts";
import { type BoardView, type PlayerLabel, viewFromState } from "../render/view.ts";
import type { Lane } from "../workers/pool.ts";
import { resultText } from "./narrate.ts";
import type { GameSnapshot } from "./snapshot.ts";

export interface Images {
  /** `footer`: a small line under the board, e.g. the series score. */
  boardPng(game: GameSnapshot, names: readonly [string, string], footer?: string): Promise<Buffer>;
  /** The animation of the last move; null when no move has been played. */
  moveGif(game: GameSnapshot, names: readonly [string, string], footer?: string): Promise<Buffer | null>;
  /** A player's rating after each game (at least one point). */
  ratingChart(title: string, points: readonly RatingPoint[]): Promise<Buffer>;
  /** A ladder's rungs, top first; `more` rungs were left out. */
  ladderPng(title: string, rungs: readonly Rung[], more: number): Promise<Buffer>;
}

/** What draws the images: the render pool, or the renderer in this thread. */
interface Drawing {
  board(view: BoardView, lane: Lane): Promise<Buffer>;
  animation(view: BoardView, lane: Lane): Promise<Buffer>;
  ratingChart(title: string, points: readonly RatingPoint[]): Promise<Buffer>;
  ladder(title: string, rungs: readonly Rung[], more: number): Promise<Buffer>;
}

/** The board view of a game, with the bot's own endings (resign, timeout...) as the outcome. */
export function viewOf(game: GameSnapshot, names: readonly [string, string], footer?: string): BoardView {
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0] }, { name: names[1] }];
  const last = game.last ? { before: game.last.before, events: game.last.events } : undefined;
  const view = { ...viewFromState(game.state, players, last), footer };
  const { row } = game;
  if (row.status !== "active" && !game.state.outcome.over) {
    // Ended by the bot, not the engine: the renderer shows the reason it is given.
    const reason = row.status === "finished" ? (row.reason ?? "") : (row.reason ?? row.status);
    const winner = row.winner === 0 || row.winner === 1 ? row.winner : null;
    const lines = [row.note ? resultText(row, names) : undefined, footer].filter(Boolean);
    return { ...view, outcome: { over: true, winner, reason }, footer: lines.length ? lines.join(" · ") : undefined };
  }
  return view;
}

function imagesThrough(drawing: Drawing, isBot: (userId: string) => boolean): Images {
  const lane = (game: GameSnapshot): Lane => (isBot(game.row.southId) || isBot(game.row.northId) ? "bot" : "people");
  return {
    boardPng: (game, names, footer) => drawing.board(viewOf(game, names, footer), lane(game)),
    async moveGif(game, names, footer) {
      if (!game.last) return null;
      return drawing.animation(viewOf(game, names, footer), lane(game));
    },
    ratingChart: (title, points) => drawing.ratingChart(title, points),
    ladderPng: (title, rungs, more) => drawing.ladder(title, rungs, more),
  };
}

/** Images drawn by the render pool; `isBot` tells the computer's user ids (their games get the bot lane). */
export function pooledImages(pool: RenderPool, isBot: (userId: string) => boolean = () => false): Images {
  return imagesThrough(pool, isBot);
}

let renderer: Promise<typeof import("../render/index.ts")> | null = null;
let charts: Promise<typeof import("../render/chart.ts")> | null = null;

function load(): Promise<typeof import("../render/index.ts")> {
  renderer ??= (async () => {
    const mod = await import("../render/index.ts");
    mod.registerFonts();
    return mod;
  })();
  return renderer;
}

function loadCharts(): Promise<typeof import("../render/chart.ts")> {
  charts ??= import("../render/chart.ts");
  return charts;
}

/** Images drawn in this thread. */
export const rendererImages: Images = imagesThrough(
  {
    board: async (view) => (await load()).renderBoardPng(view),
    animation: async (view) => (await load()).renderMoveGif(view),
    ratingChart: async (title, points) => (await loadCharts()).renderRatingChart(title, points),
    ladder: async (title, rungs, more) => (await loadCharts()).renderLadderImage(title, rungs, more),
  },
  () => false,
);
