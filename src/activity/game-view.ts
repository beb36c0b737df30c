/**
 * A game as one viewer of the Activity sees it (core/protocol.ts `GameView`): the move list for the page's
 * engine, whose turn, the clocks, the open questions, and in the viewer's language the narration and the
 * result, written by the same views as the game message's (its text and the board's alt text), names in
 * place of Discord's mentions.
 */
import { opponent } from "../engine/index.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf } from "../games/snapshot.ts";
import { canRematch, resultOf } from "../games/views/ending.ts";
import { narration } from "../games/views/game-board.ts";
import { boardFacts } from "../games/views/game-message.ts";
import type { Locale } from "../i18n/index.ts";
import type { App } from "../interactions/context.ts";
import { discordTranslator } from "../interactions/speech.ts";
import type { GameEntry, GameView, RatingChange } from "./core/protocol.ts";

/** The display names of a game's players, South's then North's. */
export async function namesOf(app: App, game: Pick<GameSnapshot, "row">): Promise<[string, string]> {
  const { guildId, southId, northId } = game.row;
  return Promise.all([app.displayName(guildId, southId), app.displayName(guildId, northId)]);
}

/**
 * Discord's markup made plain for the page: a mention becomes the name (the players' from `names`, anyone
 * else's "someone"), a timestamp is dropped, bold and code marks go.
 */
export function plainText(text: string, game: Pick<GameSnapshot, "row">, names: readonly [string, string]): string {
  const { southId, northId } = game.row;
  return text
    .replace(/<@!?(\d+)>/g, (_, id: string) => (id === southId ? names[0] : id === northId ? names[1] : "@"))
    .replace(/\s*<t:\d+:[A-Za-z]>/g, "")
    .replace(/\*\*|`/g, "");
}

export function gameView(
  app: App,
  game: GameSnapshot,
  viewer: { readonly userId: string; readonly locale: Locale },
  names: readonly [string, string],
): GameView {
  const { row, state } = game;
  const t = discordTranslator(viewer.locale);
  const seat = seatOf(row, viewer.userId);
  const facts = boardFacts(app, game);
  const told = narration(game, t);
  const rating = (userId: string): RatingChange | null => {
    const change = facts.ratingChanges.get(userId);
    return change ? { before: Math.round(change.ratingBefore), after: Math.round(change.ratingAfter) } : null;
  };
  const nickar = app.computer.seat(row);
  // As the board's Take back button: for a player with a move to take back (against Nickar, once they moved).
  const hasMoveBack = nickar === null ? state.ply > 0 : state.movers.includes(opponent(nickar));
  return {
    gameId: row.id,
    ruleset: row.ruleset,
    version: row.ply,
    moves: [...state.history],
    status: row.status,
    names: [names[0], names[1]],
    seat,
    toMove: state.position.toMove,
    timeLimit: row.timeLimit,
    deadlineAt: row.deadlineAt,
    now: app.clock.now(),
    drawOfferBy: row.drawOfferBy,
    takebackBy: row.takebackBy,
    canTakeback: seat !== null && (facts.takebacks ?? false) && hasMoveBack,
    thinking: app.computer.toMove(game),
    narration: told ? plainText(told, game, names) : null,
    result: row.status === "active" ? null : plainText(resultOf(game, t), game, names),
    ratings: [rating(row.southId), rating(row.northId)],
    canRematch: seat !== null && canRematch(game),
  };
}

/** The games of a channel a viewer may pick: theirs first, then the others to watch. */
export async function channelGames(app: App, channelId: string, userId: string): Promise<GameEntry[]> {
  const rows = app.games.activeInChannel(channelId);
  const entries = await Promise.all(
    rows.map(async (row): Promise<GameEntry> => {
      const names = await namesOf(app, { row });
      return { gameId: row.id, ruleset: row.ruleset, names, seat: seatOf(row, userId) };
    }),
  );
  return [...entries.filter((e) => e.seat !== null), ...entries.filter((e) => e.seat === null)];
}
