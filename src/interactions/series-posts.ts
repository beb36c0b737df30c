/** The next game of a series, posted by whoever handled the end of the previous one. */
import type { GameSnapshot } from "../games/snapshot.ts";
import type { App } from "./context.ts";
import type { Post } from "./reply.ts";
import { gameReply } from "./views.ts";

/**
 * When a series game has just ended, its next game (created in the same transaction) still needs a
 * message: this is that post, bound to the new game.
 */
export function nextSeriesPost(app: App, ended: GameSnapshot): Post[] {
  const { row } = ended;
  if (!row.seriesId || row.status === "active") return [];
  const next = app.series.unposted(row.seriesId);
  if (!next) return [];
  const n = next.row;
  const first = next.state.position.toMove === 0 ? n.southId : n.northId;
  const reply = gameReply(app, next, `Game ${n.seriesGame} of the series: <@${first}>, you move first.`);
  return [{ channelId: n.channelId, reply: { ...reply, mentions: [n.southId, n.northId] }, bindGame: n.id }];
}
