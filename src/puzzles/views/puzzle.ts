/**
 * A puzzle try as the player sees it, privately: the position and the solver's houses as buttons, then
 * after each right move the opponent's reply played (as an animation), and at the end the result, the
 * rating change, the themes, the solution (animated when the try failed) and the buttons for the next
 * puzzle and, when it came from a game of this server, that game.
 */
import { ButtonStyle } from "discord-api-types/v10";
import { isProvisional } from "../../competition/glicko.ts";
import type { PuzzleRow } from "../../db/schema.ts";
import { houseToPit, moveLetter, type Player } from "../../engine/index.ts";
import { type MessageKey, type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME, SIDE_NAME } from "../../i18n/terms.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { ImageFile, Reply } from "../../interactions/reply.ts";
import { clip } from "../../interactions/text-budget.ts";
import { button, row } from "../../interactions/views/parts.ts";
import type { PositionShot } from "../../present/images.ts";
import type { Theme } from "../core/index.ts";
import { housesOf, type LinePoint, linePoints } from "../puzzle-line.ts";
import type { PuzzleMoveResult, PuzzleTry } from "../puzzle-service.ts";
import { shownRefutation } from "./puzzle-refutation.ts";

export const THEME_NAME = {
  capture: "puzzle:theme.capture",
  "capture-chain": "puzzle:theme.captureChain",
  "quiet-move": "puzzle:theme.quietMove",
  sacrifice: "puzzle:theme.sacrifice",
  "grand-slam": "puzzle:theme.grandSlam",
  kay: "puzzle:theme.kay",
  relay: "puzzle:theme.relay",
  feeding: "puzzle:theme.feeding",
  starvation: "puzzle:theme.starvation",
  cycle: "puzzle:theme.cycle",
  "twenty-five": "puzzle:theme.twentyFive",
  endgame: "puzzle:theme.endgame",
} as const satisfies Record<Theme, MessageKey>;

/** The letters of moves of the line from `from` to `to` (solution indices), each for its mover: "D c E". */
export function lineLetters(points: readonly LinePoint[], puzzle: PuzzleRow, from = 0, to?: number): string {
  const solution = housesOf(puzzle.solution);
  return solution
    .slice(from, to)
    .map((house, i) => moveLetter(points[from + i].state.position.toMove, house))
    .join(" ");
}

export function themesText(puzzle: PuzzleRow, t: Translate): string {
  const themes = puzzle.themes.split(" ").filter(Boolean) as Theme[];
  return themes.length ? themes.map((th) => t(THEME_NAME[th])).join(", ") : t("puzzle:noThemes");
}

/** The puzzle's id, rating, record and themes: shown once a try ends, and under the daily solution. */
export function aboutText(puzzle: PuzzleRow, t: Translate): string {
  const { id, solves, attempts } = puzzle;
  const record = attempts === 0 ? t("puzzle:recordNone") : t("puzzle:record", { count: attempts, solves });
  return t("puzzle:about", { id, rating: Math.round(puzzle.rating), record, themes: themesText(puzzle, t) });
}

function signed(n: number): string {
  const r = Math.round(n);
  return r >= 0 ? `+${r}` : `${r}`;
}

export function sideOf(points: readonly LinePoint[]): Player {
  return points[0].state.position.toMove;
}

/** The names on the board: the player on the solver's side, "Opponent" on the other. */
async function boardNames(ctx: HandlerContext, solver: Player): Promise<[string, string]> {
  const me = await ctx.app.displayName(ctx.guildId, ctx.userId);
  const them = ctx.t("puzzle:opponent");
  return solver === 0 ? [me, them] : [them, me];
}

function still(ctx: HandlerContext, shot: PositionShot, solver: Player, name: string): () => Promise<ImageFile> {
  return async () => {
    const names = await boardNames(ctx, solver);
    return {
      name: `${name}.png`,
      data: await ctx.app.images.positionPng(shot, names, ctx.locale),
      description: await ctx.app.images.positionAlt(shot, names, ctx.locale),
    };
  };
}

/** A line played out: the replies during a try open on where they end (the position to play from), the solution on the puzzle's. */
function animated(
  ctx: HandlerContext,
  shots: readonly PositionShot[],
  solver: Player,
  name: string,
  alt: string,
  opening: "start" | "end" = "end",
) {
  return async (): Promise<ImageFile> => {
    const names = await boardNames(ctx, solver);
    const data = await ctx.app.images.lineGif(shots, names, ctx.locale, opening);
    return { name: `${name}.gif`, data, description: alt };
  };
}

/** The solver's houses (legal ones pressable) and Show solution, for the try at its step. */
function tryButtons(attemptId: string, step: number, point: LinePoint, t: Translate) {
  const { state } = point;
  const player = state.position.toMove;
  const house = (h: number) =>
    button(
      { type: "puzzle", attemptId, step, action: "move", house: h },
      `${moveLetter(player, h)} · ${state.position.pits[houseToPit(player, h)]}`,
      state.legalMoves.includes(h) ? ButtonStyle.Primary : ButtonStyle.Secondary,
      !state.legalMoves.includes(h),
    );
  const solution = button(
    { type: "puzzle", attemptId, step, action: "solution", house: 0 },
    t("puzzle:button.solution"),
    ButtonStyle.Secondary,
  );
  return [row(house(1), house(2), house(3)), row(house(4), house(5), house(6)), row(solution)];
}

function header(puzzle: PuzzleRow, solver: Player, t: Translate, daily: string | null): string {
  const ruleset = term(RULESET_NAME[puzzle.ruleset]);
  return daily
    ? t("puzzle:dailyHeader", { date: daily, ruleset, side: term(SIDE_NAME[solver]) })
    : t("puzzle:header", { ruleset, side: term(SIDE_NAME[solver]) });
}

/** A new try: the puzzle's position (its last move, the mistake, highlighted) and the houses. */
export function puzzleReply(ctx: HandlerContext, { attempt, puzzle }: PuzzleTry): Reply {
  const { t } = ctx;
  const points = linePoints(puzzle);
  const solver = sideOf(points);
  const mistake = points[0].last
    ? moveLetter(points[0].last.before.position.toMove, housesOf(puzzle.moves).at(-1)!)
    : "";
  const lines = [
    header(puzzle, solver, t, attempt.dailyDate),
    t("puzzle:find", { move: mistake, side: term(SIDE_NAME[solver]) }),
    attempt.rated ? t("puzzle:ratedTry") : t("puzzle:unratedTry"),
  ];
  return {
    content: clip(lines.join("\n")),
    ephemeral: true,
    mentions: [],
    components: tryButtons(attempt.id, attempt.step, points[attempt.step], t),
    image: still(ctx, points[attempt.step], solver, `nickar-puzzle-${puzzle.id}`),
  };
}

/** What a press did: the reply played and the next move asked, or the try's end. */
export function puzzleMoveReply(ctx: HandlerContext, result: PuzzleMoveResult, step: number): Reply {
  const { t } = ctx;
  const { puzzle, attempt } = result;
  const points = linePoints(puzzle);
  const solver = sideOf(points);
  const head = header(puzzle, solver, t, attempt.dailyDate);
  if (result.kind === "continue") {
    const solverMove = lineLetters(points, puzzle, step, step + 1);
    const replies = lineLetters(points, puzzle, step + 1, attempt.step);
    const lines = [
      head,
      replies ? t("puzzle:right", { move: solverMove, reply: replies }) : t("puzzle:rightAgain", { move: solverMove }),
    ];
    return {
      content: clip(lines.join("\n")),
      ephemeral: true,
      mentions: [],
      components: tryButtons(attempt.id, attempt.step, points[attempt.step], t),
      image: animated(
        ctx,
        points.slice(step, attempt.step + 1),
        solver,
        `nickar-puzzle-${puzzle.id}-${attempt.step}`,
        t("puzzle:alt.moves", { moves: `${solverMove} ${replies}`.trim() }),
      ),
    };
  }
  return endReply(ctx, result, points, solver, head);
}

function endReply(
  ctx: HandlerContext,
  result: PuzzleMoveResult,
  points: readonly LinePoint[],
  solver: Player,
  head: string,
): Reply {
  const { t } = ctx;
  const { puzzle, attempt } = result;
  const line = lineLetters(points, puzzle);
  const lines = [head];
  const refuted = result.wrong === null ? null : shownRefutation(puzzle, points, attempt.step, result.wrong, t);
  if (result.kind === "solved") lines.push(t("puzzle:solved", { line }));
  else if (refuted) lines.push(...refuted.lines, t("puzzle:gaveUp", { line }));
  else if (result.wrong !== null) lines.push(t("puzzle:wrong", { move: moveLetter(solver, result.wrong), line }));
  else lines.push(t("puzzle:gaveUp", { line }));
  const ruleset = term(RULESET_NAME[puzzle.ruleset]);
  if (result.change) {
    const { before, after } = result.change;
    lines.push(
      t("puzzle:rating", {
        ruleset,
        before: Math.round(before),
        after: `${Math.round(after)}${isProvisional(result.change) ? "?" : ""}`,
        change: signed(after - before),
      }),
      t("puzzle:streak", { streak: result.streak }),
    );
  } else lines.push(t("puzzle:unrated"));
  lines.push(aboutText(puzzle, t));
  const fromHere = puzzle.sourceGameId !== null && puzzle.sourceGuildId === ctx.guildId;
  if (fromHere) lines.push(t("puzzle:fromGame", { id: puzzle.sourceGameId! }));
  const buttons = [
    button(
      { type: "puzzle-next", ruleset: puzzle.ruleset, theme: (attempt.theme as Theme | null) ?? null },
      t("puzzle:button.next"),
      ButtonStyle.Primary,
    ),
  ];
  if (fromHere)
    buttons.push(
      button(
        { type: "view", gameId: puzzle.sourceGameId!, ply: housesOf(puzzle.moves).length, nav: "last" },
        t("puzzle:button.game"),
        ButtonStyle.Secondary,
      ),
    );
  const name = `nickar-puzzle-${puzzle.id}-solution`;
  return {
    content: clip(lines.join("\n")),
    ephemeral: true,
    mentions: [],
    components: [row(...buttons)],
    // A solved line ends on its last position; a failed one shows the whole solution played out, after
    // the refutation of the wrong move when there is one (each move replayed from its own position, so
    // the board goes back to the puzzle's position between the two).
    image:
      result.kind === "solved"
        ? still(ctx, points[points.length - 1], solver, name)
        : refuted
          ? animated(
              ctx,
              [...points.slice(0, attempt.step + 1), ...refuted.points.slice(1), ...points.slice(1)],
              solver,
              name,
              t("puzzle:alt.refuted", { refutation: refuted.letters, line }),
              "start",
            )
          : animated(ctx, points, solver, name, t("puzzle:alt.solution", { line }), "start"),
  };
}
