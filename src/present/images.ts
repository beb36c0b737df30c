/**
 * The one door to the renderer (src/render). Loaded lazily: rendering pulls in canvas and fonts,
 * which commands deployment and most tests never need, and the first render registers the fonts.
 */

import type { GameSnapshot } from "../games/snapshot.ts";
import type { RatingPoint, Rung } from "../render/chart.ts";
import type { BoardView, PlayerLabel } from "../render/index.ts";
import { resultText } from "./narrate.ts";

interface Renderer {
  registerFonts(): void;
  renderBoardPng(view: BoardView): Promise<Buffer>;
  renderMoveGif(view: BoardView): Promise<Buffer>;
  viewFromState: typeof import("../render/index.ts").viewFromState;
}

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

let renderer: Promise<Renderer> | null = null;
let charts: Promise<typeof import("../render/chart.ts")> | null = null;

function loadCharts(): Promise<typeof import("../render/chart.ts")> {
  charts ??= import("../render/chart.ts");
  return charts;
}

function load(): Promise<Renderer> {
  renderer ??= (async () => {
    const mod: Renderer = await import("../render/index.ts");
    mod.registerFonts();
    return mod;
  })();
  return renderer;
}

/** The board view of a game, with the bot's own endings (resign, timeout...) as the outcome. */
export function viewOf(
  render: Renderer,
  game: GameSnapshot,
  names: readonly [string, string],
  footer?: string,
): BoardView {
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0] }, { name: names[1] }];
  const last = game.last ? { before: game.last.before, events: game.last.events } : undefined;
  const view = { ...render.viewFromState(game.state, players, last), footer };
  const { row } = game;
  if (row.status !== "active" && !game.state.outcome.over) {
    // Ended by the bot, not the engine: the renderer shows the reason it is given.
    const reason = row.status === "finished" ? (row.reason ?? "") : (row.reason ?? row.status);
    const winner = row.winner;
    const lines = [row.note ? resultText(row, names) : undefined, footer].filter(Boolean);
    return { ...view, outcome: { over: true, winner, reason }, footer: lines.length ? lines.join(" · ") : undefined };
  }
  return view;
}

export const rendererImages: Images = {
  async boardPng(game, names, footer) {
    const render = await load();
    return render.renderBoardPng(viewOf(render, game, names, footer));
  },
  async moveGif(game, names, footer) {
    if (!game.last) return null;
    const render = await load();
    return render.renderMoveGif(viewOf(render, game, names, footer));
  },
  async ratingChart(title, points) {
    return (await loadCharts()).renderRatingChart(title, points);
  },
  async ladderPng(title, rungs, more) {
    return (await loadCharts()).renderLadderImage(title, rungs, more);
  },
};
