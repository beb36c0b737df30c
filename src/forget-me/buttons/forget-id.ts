/** The custom id of forget's buttons (the handler: ./forget.ts). */
import type { ButtonCodec } from "../../interactions/buttons/kind.ts";

export interface ForgetButtonId {
  readonly type: "forget";
  readonly userId: string;
  readonly confirm: boolean;
}

export const forgetId: ButtonCodec<ForgetButtonId> = {
  owns: (id): id is ForgetButtonId => id.type === "forget",
  format: (id) => `fm:${id.userId}:${id.confirm ? "y" : "n"}`,
  parse: (fields) =>
    fields.length === 3 && fields[0] === "fm" && /^\d{1,21}$/.test(fields[1]) && /^[yn]$/.test(fields[2])
      ? { type: "forget", userId: fields[1], confirm: fields[2] === "y" }
      : null,
};
