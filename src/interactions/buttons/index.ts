/**
 * Every button kind, one file each, its custom id and its handler together (see kind.ts). The custom
 * id parser (custom-id.ts) and the router find a press's kind here. A new kind is a file that exports
 * a `ButtonKind` (a game button's through `gameButton`, game-button.ts), and its line in `BUTTONS`.
 */

import type { HandlerContext } from "../context.ts";
import type { CustomId } from "../custom-id.ts";
import type { Response } from "../reply.ts";
import { analyse } from "./analyse.ts";
import { animate } from "./animate.ts";
import { challenge } from "./challenge.ts";
import { draw } from "./draw.ts";
import { forget } from "./forget.ts";
import { hint } from "./hint.ts";
import type { ButtonId, ButtonKind } from "./kind.ts";
import { leaderboard } from "./leaderboard.ts";
import { move } from "./move.ts";
import { puzzle } from "./puzzle.ts";
import { puzzleDaily } from "./puzzle-daily.ts";
import { puzzleNext } from "./puzzle-next.ts";
import { rematch } from "./rematch.ts";
import { resign } from "./resign.ts";
import { season } from "./season.ts";
import { takeback } from "./takeback.ts";
import { tournament } from "./tournament.ts";
import { viewer } from "./viewer.ts";

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
