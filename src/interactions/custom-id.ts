/**
 * Button custom ids carry everything a press needs, so buttons keep working after a restart and no
 * collector is needed: `g:<gameId>:<ply>:<action>[:<house>]`, `c:<challengeId>:<action>`, the
 * leaderboard's pages `lb:<ruleset>:<season>:<page>:<p|n|m>`, the game viewer's steps
 * `v:<gameId>:<ply>:<f|b|n|l>`, the confirmation of a new season `s:<current season>:new`, and
 * forget-me's answer `fm:<user>:y|n`. Each button kind declares its own in its feature's
 * `buttons/<kind>-id.ts`; here they are formatted and parsed, once, through the table of codecs. The
 * handlers are in another table (buttons/index.ts): views format ids through this one, and a handler
 * imports views, so keeping the two apart keeps the imports free of cycles.
 */

import { challengeId } from "../challenges/buttons/challenge-id.ts";
import { rematchId } from "../challenges/buttons/rematch-id.ts";
import { leaderboardId } from "../competition/buttons/leaderboard-id.ts";
import { seasonId } from "../competition/buttons/season-id.ts";
import { forgetId } from "../forget-me/buttons/forget-id.ts";
import { analyseId } from "../games/buttons/analyse-id.ts";
import { animateId } from "../games/buttons/animate-id.ts";
import { boardId } from "../games/buttons/board-id.ts";
import { drawId } from "../games/buttons/draw-id.ts";
import type { GameButtonId } from "../games/buttons/game-button-id.ts";
import { hintId } from "../games/buttons/hint-id.ts";
import { moveId } from "../games/buttons/move-id.ts";
import { resignId } from "../games/buttons/resign-id.ts";
import { takebackId } from "../games/buttons/takeback-id.ts";
import { viewerId } from "../games/buttons/viewer-id.ts";
import { puzzleBackId } from "../puzzles/buttons/puzzle-back-id.ts";
import { puzzleDailyId } from "../puzzles/buttons/puzzle-daily-id.ts";
import { puzzleId } from "../puzzles/buttons/puzzle-id.ts";
import { puzzleNextId } from "../puzzles/buttons/puzzle-next-id.ts";
import { tournamentId } from "../tournaments/buttons/tournament-id.ts";
import type { ButtonCodec, ButtonId } from "./buttons/kind.ts";

export type { ChallengeAction } from "../challenges/buttons/challenge-id.ts";
export type { PageNav } from "../competition/buttons/leaderboard-id.ts";
export type { ViewNav } from "../games/buttons/viewer-id.ts";

/** Every kind's id codec; the handlers' table (buttons/index.ts) lists the same kinds. */
export const BUTTON_IDS = [
  moveId,
  resignId,
  drawId,
  animateId,
  hintId,
  analyseId,
  rematchId,
  challengeId,
  leaderboardId,
  viewerId,
  seasonId,
  forgetId,
  tournamentId,
  takebackId,
  puzzleId,
  puzzleNextId,
  puzzleDailyId,
  puzzleBackId,
  boardId,
] as const;

type IdOf<K> = K extends ButtonCodec<infer Id> ? Id : never;
type KindIds = IdOf<(typeof BUTTON_IDS)[number]>;

/** What a game button does: its kind (and a move's house). */
export type GameAction = Extract<KindIds, { readonly type: "game" }>["action"];

/** A button's id as data; the game buttons' as one, whatever their action. */
export type CustomId = Exclude<KindIds, { readonly type: "game" }> | GameButtonId<GameAction>;

/** The codec that owns an id (for the handlers' table to find the same kind). */
export function codecOf(id: ButtonId): ButtonCodec<ButtonId> {
  const codec = (BUTTON_IDS as readonly ButtonCodec<ButtonId>[]).find((k) => k.owns(id));
  if (!codec) throw new Error(`no button kind for ${JSON.stringify(id)}`);
  return codec;
}

export function formatCustomId(id: CustomId): string {
  return codecOf(id).format(id);
}

/** Null for anything that is not one of ours (or is malformed). */
export function parseCustomId(text: string): CustomId | null {
  const fields = text.split(":");
  for (const codec of BUTTON_IDS) {
    const id = codec.parse(fields);
    if (id) return id as CustomId;
  }
  return null;
}
