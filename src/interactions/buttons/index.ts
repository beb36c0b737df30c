/**
 * Every button kind's handler (see kind.ts); the router finds a press's kind here. A new kind is two
 * files in its feature's buttons/ folder, `<kind>-id.ts` exporting its `ButtonCodec` (a game button's
 * through `gameButtonId`, game-button-id.ts) and `<kind>.ts` its `ButtonKind` (`gameButton`,
 * game-button.ts), and a line in `BUTTON_IDS` (../custom-id.ts) and in `BUTTONS` here; a test checks
 * that the two tables list the same kinds in the same order.
 */

import { challenge } from "../../challenges/buttons/challenge.ts";
import { rematch } from "../../challenges/buttons/rematch.ts";
import { leaderboard } from "../../competition/buttons/leaderboard.ts";
import { season } from "../../competition/buttons/season.ts";
import { forget } from "../../forget-me/buttons/forget.ts";
import { analyse } from "../../games/buttons/analyse.ts";
import { animate } from "../../games/buttons/animate.ts";
import { board } from "../../games/buttons/board.ts";
import { draw } from "../../games/buttons/draw.ts";
import { hint } from "../../games/buttons/hint.ts";
import { move } from "../../games/buttons/move.ts";
import { resign } from "../../games/buttons/resign.ts";
import { takeback } from "../../games/buttons/takeback.ts";
import { viewer } from "../../games/buttons/viewer.ts";
import { puzzle } from "../../puzzles/buttons/puzzle.ts";
import { puzzleBack } from "../../puzzles/buttons/puzzle-back.ts";
import { puzzleDaily } from "../../puzzles/buttons/puzzle-daily.ts";
import { puzzleNext } from "../../puzzles/buttons/puzzle-next.ts";
import { tournament } from "../../tournaments/buttons/tournament.ts";
import type { HandlerContext } from "../context.ts";
import type { CustomId } from "../custom-id.ts";
import type { Response } from "../reply.ts";
import type { ButtonId, ButtonKind } from "./kind.ts";

export const BUTTONS = [
  move,
  resign,
  draw,
  animate,
  hint,
  analyse,
  rematch,
  challenge,
  leaderboard,
  viewer,
  season,
  forget,
  tournament,
  takeback,
  puzzle,
  puzzleNext,
  puzzleDaily,
  puzzleBack,
  board,
] as const;

/** The kind of a button's id. */
export function kindOf(id: CustomId): ButtonKind<ButtonId> {
  const kind = (BUTTONS as readonly ButtonKind<ButtonId>[]).find((k) => k.owns(id));
  if (!kind) throw new Error(`no button kind for ${JSON.stringify(id)}`);
  return kind;
}

/** Handles a button press, its custom id already parsed. */
export async function handleButton(ctx: HandlerContext, id: CustomId): Promise<Response> {
  return kindOf(id).handle(ctx, id);
}
