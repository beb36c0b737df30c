/**
 * A puzzle try's buttons, `pz:<attempt>:<step>:<house 1-6 | s>`: a house played at that step of the
 * solution, or Show solution. The step is the try's ply: a press from an older message is refused.
 */

import type { ButtonKind } from "../../interactions/buttons/kind.ts";
import { puzzleMoveReply } from "../views/puzzle.ts";
import { type PuzzleButtonId, puzzleId } from "./puzzle-id.ts";

export const puzzle: ButtonKind<PuzzleButtonId> = {
  ...puzzleId,
  handle: (ctx, id) => {
    const { puzzles } = ctx.app;
    const result =
      id.action === "move"
        ? puzzles.move(id.attemptId, ctx.userId, id.step, id.house)
        : puzzles.giveUp(id.attemptId, ctx.userId, id.step);
    return { mode: "update", reply: puzzleMoveReply(ctx, result, id.step) };
  },
};
