/**
 * Every button kind, one file each, its custom id and its handler together (see kind.ts). The custom
 * id parser (custom-id.ts) and the router find a press's kind here. A new kind is a file that exports
 * a `ButtonKind` (a game button's through `gameButton`, game-button.ts), and its line in `BUTTONS`.
 */

import { challenge } from "../../challenges/buttons/challenge.ts";
import { rematch } from "../../challenges/buttons/rematch.ts";
import { leaderboard } from "../../competition/buttons/leaderboard.ts";
import { season } from "../../competition/buttons/season.ts";
import { forget } from "../../forget-me/buttons/forget.ts";
import { analyse } from "../../games/buttons/analyse.ts";
import { animate } from "../../games/buttons/animate.ts";
import { draw } from "../../games/buttons/draw.ts";
import { hint } from "../../games/buttons/hint.ts";
import { move } from "../../games/buttons/move.ts";
import { resign } from "../../games/buttons/resign.ts";
import { takeback } from "../../games/buttons/takeback.ts";
import { viewer } from "../../games/buttons/viewer.ts";
import { puzzle } from "../../puzzles/buttons/puzzle.ts";
import { puzzleDaily } from "../../puzzles/buttons/puzzle-daily.ts";
import { puzzleNext } from "../../puzzles/buttons/puzzle-next.ts";
import { tournament } from "../../tournaments/buttons/tournament.ts";
import type { HandlerContext } from "../context.ts";
import type { CustomId } from "../custom-id.ts";
import type { Response } from "../reply.ts";
import type { ButtonId, ButtonKind } from "./kind.ts";

/**
 * The table. A kind redraws the messages whose buttons it answers, and drawing a button formats its id
 * through this table: an import cycle, harmless while only this file imports the kind files and the
 * table is read inside functions only (never while the modules load).
 */
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
