/**
 * How the outbox sends a game's ending notice (src/games/endings.ts) that whoever handled the move did not
 * deliver (it crashed): the same notice, through the notice board, so it replaces the game's turn notice.
 */
import type { OutboxKind } from "../../discord/outbox-sender.ts";
import { GAME_ENDING } from "../endings.ts";
import { noticesAfter } from "../views/game-updates.ts";

export const gameEndingPosts: OutboxKind = {
  kind: GAME_ENDING,
  async send({ app, notices }, row) {
    const game = app.games.get(row.subjectId);
    // No notice board (a tool's sweep): nowhere to tell it.
    if (!game || game.row.status === "active" || !notices) return null;
    for (const notice of noticesAfter(app, game, { moved: true })) await notices.post(notice);
    return null;
  },
};
