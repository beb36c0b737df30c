/**
 * Button custom ids carry everything a press needs, so buttons keep working after a restart and no
 * collector is needed: `g:<gameId>:<ply>:<action>[:<house>]`, `c:<challengeId>:<action>`, the
 * leaderboard's pages `lb:<ruleset>:<season>:<page>:<p|n|m>` and the game viewer's steps
 * `v:<gameId>:<ply>:<f|b|n|l>` (the ply to show). They are parsed once, here, into typed data.
 * The last letter only keeps two buttons of one message apart when they lead to the same page or ply.
 */
import { isRulesetId, type RulesetId } from "../engine/index.ts";

export type GameAction =
  | { readonly kind: "move"; readonly house: number }
  | { readonly kind: "resign" }
  /** The confirmation of a resignation (a second press, on an ephemeral message). */
  | { readonly kind: "resign-confirm" }
  | { readonly kind: "draw" }
  /** The opponent's answers to a draw offer, on the message that pinged them. */
  | { readonly kind: "draw-accept" }
  | { readonly kind: "draw-decline" }
  | { readonly kind: "animate" }
  /** A finished game: challenge the opponent again, same terms, sides swapped. */
  | { readonly kind: "rematch" }
  /** The engine's best move, privately (games against Nickar and unrated games). */
  | { readonly kind: "hint" }
  /** The engine's analysis of the finished game. */
  | { readonly kind: "analyse" };

/** `confirm-decline`: the second press that declines a ladder challenge (a loss, so it asks first). */
export type ChallengeAction = "accept" | "decline" | "confirm-decline" | "cancel";
/** "me" jumps to the page of whoever presses it (the page number is then ignored). */
export type PageNav = "prev" | "next" | "me";
export type ViewNav = "first" | "back" | "forward" | "last";

export type CustomId =
  | { readonly type: "game"; readonly gameId: string; readonly ply: number; readonly action: GameAction }
  | { readonly type: "challenge"; readonly challengeId: string; readonly action: ChallengeAction }
  | {
      readonly type: "leaderboard";
      readonly ruleset: RulesetId;
      readonly season: number;
      readonly page: number;
      readonly nav: PageNav;
    }
  | { readonly type: "view"; readonly gameId: string; readonly ply: number; readonly nav: ViewNav }
  /** `/nickar forget-me`'s confirmation (`fm:<user>:y`) or refusal (`fm:<user>:n`), for that user only. */
  | { readonly type: "forget"; readonly userId: string; readonly confirm: boolean };

const GAME_CODES = {
  resign: "r",
  "resign-confirm": "rc",
  draw: "d",
  "draw-accept": "da",
  "draw-decline": "dd",
  animate: "a",
  rematch: "rm",
  hint: "h",
  analyse: "an",
} as const;
const CHALLENGE_ACTIONS: readonly ChallengeAction[] = ["accept", "decline", "confirm-decline", "cancel"];
const PAGE_CODES: Record<PageNav, string> = { prev: "p", next: "n", me: "m" };
const VIEW_CODES: Record<ViewNav, string> = { first: "f", back: "b", forward: "n", last: "l" };
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const NUMBER = /^\d{1,6}$/;

function decode<T extends string>(codes: Record<T, string>, code: string): T | null {
  const found = Object.entries(codes).find(([, short]) => short === code);
  return found ? (found[0] as T) : null;
}

export function formatCustomId(id: CustomId): string {
  if (id.type === "challenge") return `c:${id.challengeId}:${id.action}`;
  if (id.type === "leaderboard") return `lb:${id.ruleset}:${id.season}:${id.page}:${PAGE_CODES[id.nav]}`;
  if (id.type === "view") return `v:${id.gameId}:${id.ply}:${VIEW_CODES[id.nav]}`;
  if (id.type === "forget") return `fm:${id.userId}:${id.confirm ? "y" : "n"}`;
  const { action } = id;
  const tail = action.kind === "move" ? `m:${action.house}` : GAME_CODES[action.kind];
  return `g:${id.gameId}:${id.ply}:${tail}`;
}

/** Null for anything that is not one of ours (or is malformed). */
export function parseCustomId(text: string): CustomId | null {
  const parts = text.split(":");
  if (parts[0] === "c" && parts.length === 3 && ID.test(parts[1])) {
    const action = CHALLENGE_ACTIONS.find((a) => a === parts[2]);
    return action ? { type: "challenge", challengeId: parts[1], action } : null;
  }
  if (parts[0] === "fm" && parts.length === 3 && /^\d{1,21}$/.test(parts[1]) && /^[yn]$/.test(parts[2])) {
    return { type: "forget", userId: parts[1], confirm: parts[2] === "y" };
  }
  const ruleset = parts[1];
  if (parts[0] === "lb" && parts.length === 5 && isRulesetId(ruleset)) {
    const nav = decode(PAGE_CODES, parts[4]);
    if (!nav || !NUMBER.test(parts[2]) || !NUMBER.test(parts[3])) return null;
    const [season, page] = [Number(parts[2]), Number(parts[3])];
    return { type: "leaderboard", ruleset, season, page, nav };
  }
  if (parts[0] === "v" && parts.length === 4 && ID.test(parts[1]) && NUMBER.test(parts[2])) {
    const nav = decode(VIEW_CODES, parts[3]);
    return nav ? { type: "view", gameId: parts[1], ply: Number(parts[2]), nav } : null;
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
