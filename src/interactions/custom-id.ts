/**
 * Button custom ids carry everything a press needs, so buttons keep working after a restart and no
 * collector is needed: `g:<gameId>:<ply>:<action>[:<house>]`, `c:<challengeId>:<action>`, the
 * leaderboard's pages `lb:<ruleset>:<season>:<page>:<p|n|m>`, the game viewer's steps
 * `v:<gameId>:<ply>:<f|b|n|l>`, the confirmation of a new season `s:<current season>:new`, and
 * forget-me's answer `fm:<user>:y|n`. Each button kind declares its own (src/interactions/buttons/);
 * here they are formatted and parsed, once, through the table of kinds.
 */

import type { GameButtonId } from "../games/buttons/game-button.ts";
import { BUTTONS, kindOf } from "./buttons/index.ts";
import type { ButtonKind } from "./buttons/kind.ts";

export type { ChallengeAction } from "../challenges/buttons/challenge.ts";
export type { PageNav } from "../competition/buttons/leaderboard.ts";
export type { ViewNav } from "../games/buttons/viewer.ts";

type IdOf<K> = K extends ButtonKind<infer Id> ? Id : never;
type KindIds = IdOf<(typeof BUTTONS)[number]>;

/** What a game button does: its kind (and a move's house). */
export type GameAction = Extract<KindIds, { readonly type: "game" }>["action"];

/** A button's id as data; the game buttons' as one, whatever their action. */
export type CustomId = Exclude<KindIds, { readonly type: "game" }> | GameButtonId<GameAction>;

export function formatCustomId(id: CustomId): string {
  return kindOf(id).format(id);
}

/** Null for anything that is not one of ours (or is malformed). */
export function parseCustomId(text: string): CustomId | null {
  const fields = text.split(":");
  for (const kind of BUTTONS) {
    const id = kind.parse(fields);
    if (id) return id as CustomId;
  }
  return null;
}
