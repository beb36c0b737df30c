/**
 * How the outbox sends the next game of a series (src/games/endings.ts) that whoever handled the previous
 * game's end did not post (it crashed): its board, bound to the game. A game already bound (its handler posted
 * it, or an earlier try) is not posted again, however long after; the nonce is the board's own, the one its
 * handler posts with, so a post made but not bound before a crash is not made twice within Discord's window.
 */

import { sendPosts } from "../../discord/messenger.ts";
import type { OutboxKind } from "../../discord/outbox-sender.ts";
import { NEXT_GAME } from "../../games/endings.ts";
import { gamePost } from "../views/series-posts.ts";

export const nextGamePosts: OutboxKind = {
  kind: NEXT_GAME,
  async send({ app, messenger }, row, nonce) {
    const game = app.games.get(row.subjectId);
    if (!game) return null;
    if (game.row.messageId) return game.row.messageId;
    // Over before its board went out (a resignation by command): its ending notice tells it.
    if (game.row.status !== "active") return null;
    await sendPosts(app, messenger, [{ ...gamePost(app, game), nonce: nonce() }]);
    const messageId = app.games.get(game.row.id)?.row.messageId ?? null;
    if (!messageId) throw new Error(`could not post the next game ${game.row.id}`);
    return messageId;
  },
};
