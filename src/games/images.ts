/**
 * The one door to the renderer (src/render). Loaded lazily: rendering pulls in canvas and fonts,
 * which commands deployment and most tests never need, and the first render registers the fonts.
 */
import type { BoardView, PlayerLabel } from "../render/index.ts";
import { resultText } from "./narrate.ts";
import type { GameSnapshot } from "./snapshot.ts";

interface Renderer {
  registerFonts(): void;
  renderBoardPng(view: BoardView): Promise<Buffer>;
  renderMoveGif(view: BoardView): Promise<Buffer>;
  viewFromState: typeof import("../render/index.ts").viewFromState;
}

export interface Images {
  boardPng(game: GameSnapshot, names: readonly [string, string]): Promise<Buffer>;
  /** The animation of the last move; null when no move has been played. */
  moveGif(game: GameSnapshot, names: readonly [string, string]): Promise<Buffer | null>;
}

let renderer: Promise<Renderer> | null = null;

function load(): Promise<Renderer> {
  renderer ??= (async () => {
    const mod: Renderer = await import("../render/index.ts");
    mod.registerFonts();
    return mod;
  })();
  return renderer;
}

/** The board view of a game, with the bot's own endings (resign, timeout...) as the outcome. */
export function viewOf(render: Renderer, game: GameSnapshot, names: readonly [string, string]): BoardView {
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0] }, { name: names[1] }];
  const last = game.last ? { before: game.last.before, events: game.last.events } : undefined;
  const view = render.viewFromState(game.state, players, last);
  const { row } = game;
  if (row.status !== "active" && !game.state.outcome.over) {
    // Ended by the bot, not the engine: the renderer shows the reason it is given.
    const reason = row.status === "finished" ? (row.reason ?? "") : (row.reason ?? row.status);
    const winner = row.winner === 0 || row.winner === 1 ? row.winner : null;
    return { ...view, outcome: { over: true, winner, reason }, footer: row.note ? resultText(row, names) : undefined };
  }
  return view;
}

export const rendererImages: Images = {
  async boardPng(game, names) {
    const render = await load();
    return render.renderBoardPng(viewOf(render, game, names));
  },
  async moveGif(game, names) {
    if (!game.last) return null;
    const render = await load();
    return render.renderMoveGif(viewOf(render, game, names));
  },
};
