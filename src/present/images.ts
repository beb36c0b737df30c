/**
 * The one door to the renderer (src/render). Two ways through it: `pooledImages`, the bot's, draws
 * in the render pool's worker threads (games against the computer in their own lane); and
 * `rendererImages` draws in this thread, loaded lazily (canvas and fonts are needed by neither
 * commands deployment nor most tests), for tests and tools.
 */

import type { GameState, MoveEvent, Player } from "../engine/index.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import type { Locale } from "../i18n/index.ts";
import type { AdvantageMark } from "../render/advantage-chart.ts";
import type { ChartUnit, RatingPoint, Rung } from "../render/chart.ts";
import { translatorFor } from "../render/language.ts";
import { RenderPool, type RenderPoolOptions } from "../render/pool.ts";
import { type BoardView, type PlayerLabel, viewFromState } from "../render/view.ts";
import type { TournamentImage } from "../tournaments/images/tournament-image.ts";
import type { Lane } from "../workers/pool.ts";

export { MARK_COUNT } from "../render/advantage-marks.ts";
export { describeChart, describeLadder, describeTournament } from "../render/describe-charts.ts";
export type { TournamentImage } from "../tournaments/images/tournament-image.ts";
export { RenderPool, type RenderPoolOptions };

/** What a board shows besides the game: the footer (a series score) and a note for the result banner. */
export interface BoardLook {
  readonly footer?: string;
  /** Added to the result banner, e.g. "alice wins the series 6–4". */
  readonly bannerNote?: string;
  /** The language of the image's words and its alt text: the server's for a public board. */
  readonly locale: Locale;
}

/** A position outside any game (a puzzle's), and the move that led to it when there was one. */
export interface PositionShot {
  readonly state: GameState;
  readonly last: { readonly before: GameState; readonly events: readonly MoveEvent[] } | null;
}

export interface Images {
  /** A position outside any game (a puzzle's), the move that led to it highlighted. */
  positionPng(shot: PositionShot, names: readonly [string, string], locale: Locale): Promise<Buffer>;
  positionAlt(shot: PositionShot, names: readonly [string, string], locale: Locale): Promise<string>;
  /**
   * The moves from `shots[0]` on, one after the other, as one animation (each shot after the first has its
   * move). It opens on the final position, or on `shots[0]` with `opening: "start"` (a puzzle's solution).
   */
  lineGif(
    shots: readonly PositionShot[],
    names: readonly [string, string],
    locale: Locale,
    opening?: "start" | "end",
  ): Promise<Buffer>;
  boardPng(game: GameSnapshot, names: readonly [string, string], look: BoardLook): Promise<Buffer>;
  /** The animation of the last move; null when no move has been played. */
  moveGif(game: GameSnapshot, names: readonly [string, string], look: BoardLook): Promise<Buffer | null>;
  /** The board's alt text: pit by pit, the stores, whose turn or the result, what the last move did. */
  boardAlt(game: GameSnapshot, names: readonly [string, string], look: BoardLook): Promise<string>;
  /** A player's rating after each game (at least one point); its words in `locale`. */
  ratingChart(title: string, points: readonly RatingPoint[], locale: Locale, unit?: ChartUnit): Promise<Buffer>;
  /** A ladder's rungs, top first; `more` rungs were left out. */
  ladderPng(title: string, rungs: readonly Rung[], more: number, locale: Locale): Promise<Buffer>;
  /** A tournament's standings, crosstable, bracket or podium; its words in `locale`. */
  tournamentPng(image: TournamentImage, locale: Locale): Promise<Buffer>;
  /**
   * An analysis's evaluation after every move (South's side, seeds) with the marked moves; `movers[i]`
   * made move i (the axis counts full moves as the record does; South and North alternate without them).
   */
  advantageChart(
    title: string,
    evaluations: readonly number[],
    marks: readonly { readonly ply: number; readonly mark: AdvantageMark }[],
    locale: Locale,
    movers?: readonly Player[],
  ): Promise<Buffer>;
}

/** What draws the images: the render pool, or the renderer in this thread. */
interface Drawing {
  board(view: BoardView, lane: Lane, locale: Locale): Promise<Buffer>;
  line(views: readonly BoardView[], lane: Lane, locale: Locale, opening?: BoardView): Promise<Buffer>;
  animation(view: BoardView, lane: Lane, locale: Locale): Promise<Buffer>;
  boardAlt(view: BoardView, lane: Lane, locale: Locale): Promise<string>;
  ratingChart(title: string, points: readonly RatingPoint[], locale: Locale, unit?: ChartUnit): Promise<Buffer>;
  ladder(title: string, rungs: readonly Rung[], more: number, locale: Locale): Promise<Buffer>;
  tournament(image: TournamentImage, locale: Locale): Promise<Buffer>;
  advantageChart(
    title: string,
    evaluations: readonly number[],
    marks: readonly AdvantageAt[],
    locale: Locale,
    movers?: readonly Player[],
  ): Promise<Buffer>;
}

type AdvantageAt = { readonly ply: number; readonly mark: AdvantageMark };

/** The board view of a game, with the bot's own endings (resign, timeout...) as the outcome. */
export function viewOf(game: GameSnapshot, names: readonly [string, string], look: Partial<BoardLook> = {}): BoardView {
  const players: [PlayerLabel, PlayerLabel] = [{ name: names[0] }, { name: names[1] }];
  const last = game.last ? { before: game.last.before, events: game.last.events } : undefined;
  const { footer, bannerNote } = look;
  const view = { ...viewFromState(game.state, players, last), footer, bannerNote, gameId: game.row.id };
  const { row } = game;
  if (row.status !== "active" && !game.state.outcome.over) {
    // Ended by the bot, not the engine: the renderer shows the reason it is given.
    const reason = row.status === "finished" ? (row.reason ?? "") : (row.reason ?? row.status);
    const winner = row.winner === 0 || row.winner === 1 ? row.winner : null;
    // An admin's reason for a cancel goes on the banner, with what the result meant.
    const admin = row.note
      ? translatorFor(look.locale ?? "en")("board:result.adminNote", { note: row.note })
      : undefined;
    const note = [admin, bannerNote].filter(Boolean).join(" · ");
    return { ...view, outcome: { over: true, winner, reason }, bannerNote: note || undefined };
  }
  return view;
}

/** The board view of a position outside a game. */
function shotView(shot: PositionShot, names: readonly [string, string]): BoardView {
  return viewFromState(shot.state, [{ name: names[0] }, { name: names[1] }], shot.last ?? undefined);
}

function imagesThrough(drawing: Drawing, isBot: (userId: string) => boolean): Images {
  const lane = (game: GameSnapshot): Lane => (isBot(game.row.southId) || isBot(game.row.northId) ? "bot" : "people");
  return {
    positionPng: (shot, names, locale) => drawing.board(shotView(shot, names), "people", locale),
    positionAlt: (shot, names, locale) => drawing.boardAlt(shotView(shot, names), "people", locale),
    lineGif: (shots, names, locale, opening = "end") =>
      drawing.line(
        shots.slice(1).map((s) => shotView(s, names)),
        "people",
        locale,
        opening === "start" ? shotView(shots[0], names) : undefined,
      ),
    boardPng: (game, names, look) => drawing.board(viewOf(game, names, look), lane(game), look.locale),
    async moveGif(game, names, look) {
      if (!game.last) return null;
      return drawing.animation(viewOf(game, names, look), lane(game), look.locale);
    },
    boardAlt: (game, names, look) => drawing.boardAlt(viewOf(game, names, look), lane(game), look.locale),
    ratingChart: (title, points, locale = "en", unit = "games") => drawing.ratingChart(title, points, locale, unit),
    ladderPng: (title, rungs, more, locale = "en") => drawing.ladder(title, rungs, more, locale),
    tournamentPng: (image, locale = "en") => drawing.tournament(image, locale),
    advantageChart: (title, evaluations, marks, locale = "en", movers) =>
      drawing.advantageChart(title, evaluations, marks, locale, movers),
  };
}

/** Images drawn by the render pool; `isBot` tells the computer's user ids (their games get the bot lane). */
export function pooledImages(pool: RenderPool, isBot: (userId: string) => boolean = () => false): Images {
  return imagesThrough(pool, isBot);
}

let renderer: Promise<typeof import("../render/index.ts")> | null = null;
let describe: Promise<typeof import("../render/describe.ts")> | null = null;
let charts: Promise<typeof import("../render/chart.ts")> | null = null;

function load(): Promise<typeof import("../render/index.ts")> {
  renderer ??= (async () => {
    const mod = await import("../render/index.ts");
    mod.registerFonts();
    return mod;
  })();
  return renderer;
}

function loadDescribe(): Promise<typeof import("../render/describe.ts")> {
  describe ??= load().then(() => import("../render/describe.ts"));
  return describe;
}

function loadCharts(): Promise<typeof import("../render/chart.ts")> {
  charts ??= import("../render/chart.ts");
  return charts;
}

/** Images drawn in this thread. */
export const rendererImages: Images = imagesThrough(
  {
    board: async (view, _lane, locale) => (await load()).renderBoardPng(view, { locale }),
    animation: async (view, _lane, locale) => (await load()).renderMoveGif(view, { locale }),
    line: async (views, _lane, locale, opening) => {
      await load(); // the fonts
      return (await import("../render/line-gif.ts")).renderLineGif(views, { locale, opening });
    },
    boardAlt: async (view, _lane, locale) => (await loadDescribe()).describeBoard(view, translatorFor(locale)),
    ratingChart: async (title, points, locale, unit) =>
      (await loadCharts()).renderRatingChart(title, points, translatorFor(locale), unit),
    ladder: async (title, rungs, more, locale) =>
      (await loadCharts()).renderLadderImage(title, rungs, more, translatorFor(locale)),
    tournament: async (image, locale) =>
      (await import("../tournaments/images/tournament-image.ts")).renderTournamentImage(image, translatorFor(locale)),
    advantageChart: async (title, evaluations, marks, locale, movers) =>
      (await import("../render/advantage-chart.ts")).renderAdvantageChart(
        title,
        evaluations,
        marks,
        translatorFor(locale),
        movers,
      ),
  },
  () => false,
);
