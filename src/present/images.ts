/**
 * The one door to the renderer (src/render). Loaded lazily: rendering pulls in canvas and fonts,
 * which commands deployment and most tests never need, and the first render registers the fonts.
 */
import type { GameSnapshot } from "../games/snapshot.ts";
import type { AdvantageMark } from "../render/advantage-chart.ts";
import type { RatingPoint, Rung } from "../render/chart.ts";
import type { BoardView, PlayerLabel } from "../render/index.ts";

interface Renderer {
  registerFonts(): void;
  renderBoardPng(view: BoardView): Promise<Buffer>;
  renderMoveGif(view: BoardView): Promise<Buffer>;
  viewFromState: typeof import("../render/index.ts").viewFromState;
  describeBoard(view: BoardView): string;
}

/** What a board shows besides the game: the footer (a series score) and a note for the result banner. */
export interface BoardLook {
  readonly footer?: string;
  /** Added to the result banner, e.g. "alice wins the series 6–4". */
  readonly bannerNote?: string;
}

export interface Images {
  boardPng(game: GameSnapshot, names: readonly [string, string], look?: BoardLook): Promise<Buffer>;
  /** The animation of the last move; null when no move has been played. */
  moveGif(game: GameSnapshot, names: readonly [string, string], look?: BoardLook): Promise<Buffer | null>;
  /** The board's alt text: pit by pit, the stores, whose turn or the result, what the last move did. */
  boardAlt(game: GameSnapshot, names: readonly [string, string], look?: BoardLook): Promise<string>;
  /** A player's rating after each game (at least one point). */
  ratingChart(title: string, points: readonly RatingPoint[]): Promise<Buffer>;
  /** A ladder's rungs, top first; `more` rungs were left out. */
  ladderPng(title: string, rungs: readonly Rung[], more: number): Promise<Buffer>;
  /** An analysis's evaluation after every move (South's side, seeds) with the marked moves. */
  advantageChart(
    title: string,
    evaluations: readonly number[],
    marks: readonly { readonly ply: number; readonly mark: AdvantageMark }[],
  ): Promise<Buffer>;
}

let renderer: Promise<Renderer> | null = null;
let charts: Promise<typeof import("../render/chart.ts")> | null = null;

function loadCharts(): Promise<typeof import("../render/chart.ts")> {
  charts ??= import("../render/chart.ts");
  return charts;
}

function load(): Promise<Renderer> {
  renderer ??= (async () => {
    const [mod, describe] = await Promise.all([import("../render/index.ts"), import("../render/describe.ts")]);
    mod.registerFonts();
    return { ...mod, describeBoard: describe.describeBoard };
  })();
  return renderer;
}

/** The board view of a game, with the bot's own endings (resign, timeout...) as the outcome. */
export function viewOf(
  render: Renderer,
  game: GameSnapshot,
  names: readonly [string, string],
  look: BoardLook = {},
): BoardView {
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0] }, { name: names[1] }];
  const last = game.last ? { before: game.last.before, events: game.last.events } : undefined;
  const { footer, bannerNote } = look;
  const view = { ...render.viewFromState(game.state, players, last), footer, bannerNote, gameId: game.row.id };
  const { row } = game;
  if (row.status !== "active" && !game.state.outcome.over) {
    // Ended by the bot, not the engine: the renderer shows the reason it is given.
    const reason = row.status === "finished" ? (row.reason ?? "") : (row.reason ?? row.status);
    const winner = row.winner;
    // An admin's reason for a cancel goes on the banner, with what the result meant.
    const note = [row.note ? `admin: ${row.note}` : undefined, bannerNote].filter(Boolean).join(" · ");
    return { ...view, outcome: { over: true, winner, reason }, bannerNote: note || undefined };
  }
  return view;
}

export const rendererImages: Images = {
  async boardPng(game, names, look) {
    const render = await load();
    return render.renderBoardPng(viewOf(render, game, names, look));
  },
  async moveGif(game, names, look) {
    if (!game.last) return null;
    const render = await load();
    return render.renderMoveGif(viewOf(render, game, names, look));
  },
  async boardAlt(game, names, look) {
    const render = await load();
    return render.describeBoard(viewOf(render, game, names, look));
  },
  async ratingChart(title, points) {
    return (await loadCharts()).renderRatingChart(title, points);
  },
  async ladderPng(title, rungs, more) {
    return (await loadCharts()).renderLadderImage(title, rungs, more);
  },
  async advantageChart(title, evaluations, marks) {
    return (await import("../render/advantage-chart.ts")).renderAdvantageChart(title, evaluations, marks);
  },
};
