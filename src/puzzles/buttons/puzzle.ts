/**
 * A puzzle try's buttons, `pz:<attempt>:<step>:<house 1-6 | s>`: a house played at that step of the
 * solution, or Show solution. The step is the try's ply: a press from an older message is refused.
 */

import { type ButtonKind, ID_FIELD, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";
import { puzzleMoveReply } from "../views/puzzle.ts";

export interface PuzzleButtonId {
  readonly type: "puzzle";
  readonly attemptId: string;
  readonly step: number;
  readonly action: "move" | "solution";
  /** 1..6 for a move; 0 for Show solution. */
  readonly house: number;
}

export const puzzle: ButtonKind<PuzzleButtonId> = {
  owns: (id): id is PuzzleButtonId => id.type === "puzzle",
  format: (id) => `pz:${id.attemptId}:${id.step}:${id.action === "move" ? id.house : "s"}`,
  parse: (fields) => {
    const [prefix, attemptId, step, what] = fields;
    if (fields.length !== 4 || prefix !== "pz" || !ID_FIELD.test(attemptId) || !NUMBER_FIELD.test(step)) return null;
    if (what === "s") return { type: "puzzle", attemptId, step: Number(step), action: "solution", house: 0 };
    if (!/^[1-6]$/.test(what)) return null;
    return { type: "puzzle", attemptId, step: Number(step), action: "move", house: Number(what) };
  },
  handle: (ctx, id) => {
    const { puzzles } = ctx.app;
    const result =
      id.action === "move"
        ? puzzles.move(id.attemptId, ctx.userId, id.step, id.house)
        : puzzles.giveUp(id.attemptId, ctx.userId, id.step);
    return { mode: "update", reply: puzzleMoveReply(ctx, result, id.step) };
  },
};
