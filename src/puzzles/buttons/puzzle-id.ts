/** The custom id of puzzle's buttons (the handler: ./puzzle.ts). */
import { type ButtonCodec, ID_FIELD, NUMBER_FIELD } from "../../interactions/buttons/kind.ts";

export interface PuzzleButtonId {
  readonly type: "puzzle";
  readonly attemptId: string;
  readonly step: number;
  readonly action: "move" | "solution";
  /** 1..6 for a move; 0 for Show solution. */
  readonly house: number;
}

export const puzzleId: ButtonCodec<PuzzleButtonId> = {
  owns: (id): id is PuzzleButtonId => id.type === "puzzle",
  format: (id) => `pz:${id.attemptId}:${id.step}:${id.action === "move" ? id.house : "s"}`,
  parse: (fields) => {
    const [prefix, attemptId, step, what] = fields;
    if (fields.length !== 4 || prefix !== "pz" || !ID_FIELD.test(attemptId) || !NUMBER_FIELD.test(step)) return null;
    if (what === "s") return { type: "puzzle", attemptId, step: Number(step), action: "solution", house: 0 };
    if (!/^[1-6]$/.test(what)) return null;
    return { type: "puzzle", attemptId, step: Number(step), action: "move", house: Number(what) };
  },
};
