/**
 * Button custom ids carry everything a press needs, so buttons keep working after a restart and no
 * collector is needed: `g:<gameId>:<ply>:<action>[:<house>]` and `c:<challengeId>:<action>`.
 * They are parsed once, here, into typed data.
 */

export type GameAction =
  | { readonly kind: "move"; readonly house: number }
  | { readonly kind: "resign" }
  /** The confirmation of a resignation (a second press, on an ephemeral message). */
  | { readonly kind: "resign-confirm" }
  | { readonly kind: "draw" }
  | { readonly kind: "animate" };

export type ChallengeAction = "accept" | "decline" | "cancel";

export type CustomId =
  | { readonly type: "game"; readonly gameId: string; readonly ply: number; readonly action: GameAction }
  | { readonly type: "challenge"; readonly challengeId: string; readonly action: ChallengeAction };

const GAME_CODES = { resign: "r", "resign-confirm": "rc", draw: "d", animate: "a" } as const;
const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function formatCustomId(id: CustomId): string {
  if (id.type === "challenge") return `c:${id.challengeId}:${id.action}`;
  const { action } = id;
  const tail = action.kind === "move" ? `m:${action.house}` : GAME_CODES[action.kind];
  return `g:${id.gameId}:${id.ply}:${tail}`;
}

/** Null for anything that is not one of ours (or is malformed). */
export function parseCustomId(text: string): CustomId | null {
  const parts = text.split(":");
  if (parts[0] === "c" && parts.length === 3 && ID.test(parts[1])) {
    const action = parts[2];
    if (action === "accept" || action === "decline" || action === "cancel") {
      return { type: "challenge", challengeId: parts[1], action };
    }
    return null;
  }
  if (parts[0] !== "g" || parts.length < 4 || !ID.test(parts[1]) || !/^\d{1,6}$/.test(parts[2])) return null;
  const base = { type: "game" as const, gameId: parts[1], ply: Number(parts[2]) };
  const [code, arg] = parts.slice(3);
  if (code === "m" && parts.length === 5 && /^[1-6]$/.test(arg)) {
    return { ...base, action: { kind: "move", house: Number(arg) } };
  }
  if (parts.length !== 4) return null;
  for (const [kind, short] of Object.entries(GAME_CODES)) {
    if (short === code) return { ...base, action: { kind } as GameAction };
  }
  return null;
}
