/**
 * How an ended game is told: the result line (as the image's banner says it), what it did to the
 * ratings and the ladder, the Rematch button, and the notice that tells both players.
 */

import { type APIButtonComponent, ButtonStyle } from "discord-api-types/v10";
import { seriesLines } from "../../competition/views/series.ts";
import { type Translate, user } from "../../i18n/index.ts";
import { gameNoticeKey, messageLink, type Notice } from "../../interactions/reply.ts";
import { button, mentions, row } from "../../interactions/views/parts.ts";
import { resultText } from "../../present/narrate.ts";
import { endingKey } from "../endings.ts";
import type { GameSnapshot } from "../snapshot.ts";
import type { BoardFacts, Media } from "./board-facts.ts";

/** The result line of an ended game, as the image's banner says it. */
export function resultOf(game: GameSnapshot, t: Translate): string {
  const { row, state } = game;
  return resultText(row, mentions(game), state.position.stores, state.position.toMove, t);
}

function signed(n: number): string {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "±0";
}

/** "Ratings: <@a> 1512 (+12) · <@b> 1488 (−12)", or why the ratings did not change. */
export function ratingLine(game: GameSnapshot, facts: BoardFacts, t: Translate): string | null {
  const { row } = game;
  if (row.status === "active") return null;
  if (row.voidedAt !== null) return t("game:ratings.void");
  if (row.status !== "finished") return null; // an abort or a cancel says "ratings unchanged" itself
  if (!row.rated) return t("game:ratings.unrated", { south: user(row.southId), north: user(row.northId) });
  const parts = [row.southId, row.northId].map((userId) => {
    const change = facts.ratingChanges.get(userId);
    return change
      ? t("game:ratings.change", {
          player: user(userId),
          rating: Math.round(change.ratingAfter),
          change: signed(change.ratingAfter - change.ratingBefore),
        })
      : t("game:ratings.unratedPlayer", { player: user(userId) });
  });
  return t("game:ratings.line", { changes: parts.join(" · ") });
}

/** What an ended ladder game did to the rungs, said where it happened. */
export function ladderLine(game: GameSnapshot, facts: BoardFacts, t: Translate): string | null {
  const { row } = game;
  if (!row.ladderChallengerId || row.status !== "finished") return null;
  const challenger = row.ladderChallengerId;
  const target = challenger === row.southId ? row.northId : row.southId;
  const challengerSeat = challenger === row.southId ? 0 : 1;
  if (row.winner !== challengerSeat) {
    return row.winner === null ? t("game:ladder.draw") : t("game:ladder.defended", { player: user(target) });
  }
  const rungs = facts.rungs ?? [];
  const mine = rungs.find((r) => r.userId === challenger)?.rung;
  const theirs = rungs.find((r) => r.userId === target)?.rung;
  if (mine === undefined) return null;
  return theirs !== undefined && theirs > mine
    ? t("game:ladder.took", { player: user(challenger), rung: mine, other: user(target), down: theirs })
    : t("game:ladder.on", { player: user(challenger), rung: mine });
}

/**
 * A rematch is offered after a game with a result or an abort, not after ladder, series or tournament games
 * (they have their own paths: a tournament pairs the next game itself).
 */
export function canRematch(game: GameSnapshot): boolean {
  const { row } = game;
  return (
    row.status !== "active" &&
    row.status !== "cancelled" &&
    !row.ladderChallengerId &&
    !row.seriesId &&
    !row.tournamentId
  );
}

export function rematchButton(game: GameSnapshot, t: Translate): APIButtonComponent {
  return button(
    { type: "game", gameId: game.row.id, ply: game.row.ply, action: { kind: "rematch" } },
    t("game:button.rematch"),
    ButtonStyle.Success,
  );
}

/**
 * The notice that tells both players how their game ended (a mention only notifies in a new
 * message): the result, the rating changes, the series or ladder consequence, and a Rematch button.
 * It replaces the game's last notice (see `Notice`) and goes where each player chose with /nickar
 * notify; `note` is a line added after the result (who aborted the game).
 */
export function endingNotice(media: Media, game: GameSnapshot, facts: BoardFacts, t: Translate, note?: string): Notice {
  const { row: g } = game;
  const over = { id: g.id, result: resultOf(game, t) };
  const board = messageLink(g);
  const rest: string[] = [];
  for (const line of [
    note,
    ratingLine(game, facts, t),
    ladderLine(game, facts, t),
    seriesLines(game, facts.series, t).line,
    board && t("game:ending.board", { link: board }),
  ])
    if (line) rest.push(line);
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    // Nickar itself is never notified (the notice board leaves it out too).
    users: [g.southId, g.northId].filter((id) => !media.computer.is(id)),
    text: [t("game:ending.over", over), ...rest].join("\n"),
    direct: [t("game:ending.overDirect", over), ...rest].join("\n"),
    components: canRematch(game) ? [row(rematchButton(game, t))] : [],
    // Every game's ending is in the outbox (decided with the end): delivered here, marked sent.
    outboxKey: endingKey(g.id),
  };
}
