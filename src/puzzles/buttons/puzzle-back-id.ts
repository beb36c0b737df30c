/** Back to the open puzzle, `pb:<attempt>`: the open try shown again, in place of the question whether to leave it. */
import { type ButtonCodec, ID_FIELD } from "../../interactions/buttons/kind.ts";

export interface PuzzleBackButtonId {
  readonly type: "puzzle-back";
  readonly attemptId: string;
}

export const puzzleBackId: ButtonCodec<PuzzleBackButtonId> = {
  owns: (id): id is PuzzleBackButtonId => id.type === "puzzle-back",
  format: (id) => `pb:${id.attemptId}`,
  parse: (fields) => {
    const [prefix, attemptId] = fields;
    return fields.length === 2 && prefix === "pb" && ID_FIELD.test(attemptId)
      ? { type: "puzzle-back", attemptId }
      : null;
  },
};
