/** The custom id of challenge's buttons (the handler: ./challenge.ts). */
import { type ButtonCodec, ID_FIELD } from "../../interactions/buttons/kind.ts";

/** `confirm-decline`: the second press that declines a ladder challenge (a loss, so it asks first). */
export type ChallengeAction = "accept" | "decline" | "confirm-decline" | "cancel";
const ACTIONS: readonly ChallengeAction[] = ["accept", "decline", "confirm-decline", "cancel"];

export interface ChallengeButtonId {
  readonly type: "challenge";
  readonly challengeId: string;
  readonly action: ChallengeAction;
}

export const challengeId: ButtonCodec<ChallengeButtonId> = {
  owns: (id): id is ChallengeButtonId => id.type === "challenge",
  format: (id) => `c:${id.challengeId}:${id.action}`,
  parse: (fields) => {
    const action = ACTIONS.find((a) => a === fields[2]);
    if (fields.length !== 3 || fields[0] !== "c" || !ID_FIELD.test(fields[1]) || !action) return null;
    return { type: "challenge", challengeId: fields[1], action };
  },
};
