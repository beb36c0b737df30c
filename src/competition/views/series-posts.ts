/**
 * Posts of games that have no message yet: the next game of a series, posted by whoever handled the end
 * of the previous one (or by the outbox when that one crashed: src/competition/jobs/next-game-posts.ts), and
 * any other game left unposted (a crash between its creation and its post), posted by the scheduler.
 */
import { nonceOf } from "../../db/outbox.ts";
import { boardKey } from "../../games/endings.ts";
import { type GameSnapshot, userOf } from "../../games/snapshot.ts";
import { gameMessage, serverVoice } from "../../games/views/game-message.ts";
import { type MessageKey, user } from "../../i18n/index.ts";
import { noteText } from "../../i18n/note.ts";
import type { App } from "../../interactions/context.ts";
import type { Post } from "../../interactions/reply.ts";
import { formatOf } from "../../tournaments/formats/registry.ts";

/**
 * When a series game has just ended, its next game (created in the same transaction) still needs a
 * message: this is that post, bound to the new game.
 */
export function nextSeriesPost(app: App, ended: GameSnapshot): Post[] {
  const { row } = ended;
  if (!row.seriesId || row.status === "active") return [];
  const next = app.series.unposted(row.seriesId);
  // The board's nonce, as the outbox would post it (its row is in the outbox since the end's transaction).
  return next ? [{ ...gamePost(app, next), nonce: nonceOf(boardKey(next.row.id)) }] : [];
}

/** The line above a tournament's new game, in its format's words. */
function tournamentGameLine(app: App, tournamentId: string): MessageKey {
  const tournament = app.tournaments.get(tournamentId);
  return tournament ? formatOf(tournament).show.gameLine : "game:tournament.game";
}

/** A new message for an active game that has none, mentioning both players, bound to the game. */
export function gamePost(app: App, game: GameSnapshot): Post {
  const { row: g, state } = game;
  const toMove = userOf(g, state.position.toMove);
  const { t } = serverVoice(app, g.guildId);
  const extra =
    g.seriesGame !== null && g.ply === 0
      ? t("game:series.nextGame", { number: g.seriesGame, player: user(toMove) })
      : g.tournamentId !== null && g.ply === 0
        ? t(tournamentGameLine(app, g.tournamentId), {
            round: g.tournamentRound ?? 0,
            south: user(g.southId),
            north: user(g.northId),
          })
        : t("game:series.unposted", { south: user(g.southId), north: user(g.northId), id: g.id });
  // Why a game of a rated series is unrated (the pair limit), when it is.
  const note = app.series.gameNote(g);
  const said = note ? noteText(t, note) : null;
  const reply = gameMessage(app, game, said ? `${extra}\n${said}` : extra);
  if (g.tournamentId === null)
    return { channelId: g.channelId, reply: { ...reply, mentions: [g.southId, g.northId] }, bindGame: g.id };
  // A tournament's pairing follows each player's /nickar notify: pinged here, by direct message, or not at all.
  const choices = app.players.notifyAll([g.southId, g.northId]);
  const by = (choice: string) => [g.southId, g.northId].filter((id) => choices.get(id) === choice);
  return {
    channelId: g.channelId,
    reply: { ...reply, mentions: by("channel") },
    bindGame: g.id,
    ...(by("dm").length > 0 && { direct: { users: by("dm"), text: extra } }),
  };
}
