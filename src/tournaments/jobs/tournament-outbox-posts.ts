/**
 * How the outbox sends a tournament's decided posts (src/tournaments/tournament-outbox.ts): a round's pairings
 * then each of its boards not posted yet (bound to its game, so a retry posts only the ones missing), a
 * withdrawal, the final standings with the podium, the line of a start (or cancel) at the set time. Drawn from
 * the database at sending time.
 */
import { gamePost } from "../../competition/views/series-posts.ts";
import { sendPosts } from "../../discord/messenger.ts";
import type { OutboxKind } from "../../discord/outbox-sender.ts";
import { serverVoice } from "../../games/views/game-message.ts";
import { mention } from "../../interactions/views/parts.ts";
import { formatOf } from "../formats/registry.ts";
import {
  type OnTimeArgs,
  type RoundArgs,
  TOURNAMENT_FINAL,
  TOURNAMENT_ON_TIME,
  TOURNAMENT_ROUND,
  TOURNAMENT_WITHDRAWN,
} from "../tournament-outbox.ts";
import { knockoutTable } from "../views/knockout-text.ts";
import { roundText } from "../views/tournament.ts";
import { finalStandingsPost, startedOnTimeLine } from "../views/tournament-posts.ts";

/** Throws when Discord made no message (the channel is gone or refused): the outbox tries again later. */
function posted(messageId: string | null, what: string): string {
  if (!messageId) throw new Error(`could not post ${what}`);
  return messageId;
}

export const tournamentRoundPosts: OutboxKind = {
  kind: TOURNAMENT_ROUND,
  async send({ app, messenger }, row, nonce, keep) {
    const t = app.tournaments.get(row.subjectId);
    if (!t || t.status === "cancelled") return null;
    const view = app.tournaments.view(t.id);
    const ids = (JSON.parse(row.args) as RoundArgs).games;
    const games = view.games.filter((g) => ids.includes(g.id));
    if (games.length === 0) return null;
    // The header once: a retry after a board failed finds it kept (the nonce alone holds only minutes).
    let messageId = row.messageId;
    if (!messageId) {
      const { t: tr } = serverVoice(app, t.guildId);
      const reply = { content: roundText(view, games, tr), mentions: [] };
      messageId = posted(await messenger.send(t.channelId, reply, nonce()), "a round's pairings");
      keep(messageId);
    }
    // Each board once: a game already bound to its message (by an earlier try) is not posted again.
    for (const id of ids) {
      const game = app.games.get(id);
      if (game?.row.status !== "active" || game.row.messageId !== null) continue;
      await sendPosts(app, messenger, [{ ...gamePost(app, game), nonce: nonce(id) }]);
      posted(app.games.get(id)?.row.messageId ?? null, `the board of game ${id}`);
    }
    return messageId;
  },
};

export const tournamentWithdrawnPosts: OutboxKind = {
  kind: TOURNAMENT_WITHDRAWN,
  async send({ app, messenger }, row, nonce) {
    if (!row.userId) return null;
    const { missed } = JSON.parse(row.args) as { missed: number };
    const { t: tr } = serverVoice(app, row.guildId);
    const values = { user: mention(row.userId), id: row.subjectId, missed };
    // A knockout's match goes to the opponent: the line says who goes through.
    const t = app.tournaments.get(row.subjectId);
    const opponent =
      t && formatOf(t).show.table === "bracket"
        ? knockoutTable(app.tournaments.view(t.id)).find((r) => r.id === row.userId)?.opponent
        : undefined;
    const content = opponent
      ? tr("game:tournament.withdrawnMissedKnockout", { ...values, opponent: mention(opponent) })
      : tr("game:tournament.withdrawnMissed", values);
    // A mention notifies only in a new message.
    const reply = { content, mentions: [row.userId] };
    return posted(await messenger.send(row.channelId, reply, nonce()), "a withdrawal");
  },
};

export const tournamentFinalPosts: OutboxKind = {
  kind: TOURNAMENT_FINAL,
  async send({ app, messenger }, row, nonce) {
    const t = app.tournaments.get(row.subjectId);
    if (t?.status !== "finished") return null;
    const post = finalStandingsPost(app, t);
    return posted(await messenger.send(post.channelId, post.reply, nonce()), "the final standings");
  },
};

export const tournamentOnTimePosts: OutboxKind = {
  kind: TOURNAMENT_ON_TIME,
  async send({ app, messenger }, row, nonce) {
    const t = app.tournaments.get(row.subjectId);
    if (!t) return null;
    const post = startedOnTimeLine(app, t, JSON.parse(row.args) as OnTimeArgs);
    return posted(await messenger.send(post.channelId, post.reply, nonce()), "a start at the set time");
  },
};
