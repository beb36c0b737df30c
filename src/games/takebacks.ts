/**
 * Takebacks: which games allow them, which moves one undoes, and how often a player may ask. Pure, so the
 * game service, the board and their tests share it.
 *
 * - **What is taken back.** The asker's last move and every move after it. Between people that is one
 *   move: a player may ask only while their move is the game's last (the opponent has not moved since).
 *   In Caribbean Oware the extra move after a grand slam is a move of its own, so it is "the last move"
 *   once played (the grand slam before it, while the extra move is still to be played). Against Nickar,
 *   which replies at once, Nickar's replies after the asker's last move go too (as on Lichess): the asker
 *   is to move again in the position before their move.
 * - **Where.** Unrated games and games against Nickar (always unrated); rated games only where the server
 *   allows it (`/nickar-admin settings takebacks:`); never in ladder, series or tournament games.
 * - **How often.** One request per player every `TAKEBACK_GAP` plies, counted from the ply of their last
 *   request, whatever became of it: a takeback request is a question as a draw offer is (questions.ts).
 */
import type { GameRow } from "../db/schema.ts";
import { type GameState, moveLetter, opponent, type Player, play } from "../engine/index.ts";
import type { ErrorCode } from "../errors.ts";
import { isCommitted } from "./hooks.ts";

/** Why takebacks are refused in this game, or null when they are allowed (`ratedAllowed`: the server's setting). */
export function takebackRefusal(row: GameRow, ratedAllowed: boolean): ErrorCode | null {
  if (row.ladderChallengerId !== null) return "takeback/ladder";
  if (row.seriesId !== null) return "takeback/series";
  if (row.tournamentId !== null || isCommitted(row)) return "takeback/tournament";
  if (row.level !== null) return row.rated ? "takeback/rated" : null;
  if (row.rated && !ratedAllowed) return "takeback/rated";
  return null;
}

/** The column that counts `seat`'s accepted takebacks. */
export function takebackCountField(seat: Player): "southTakebacks" | "northTakebacks" {
  return seat === 0 ? "southTakebacks" : "northTakebacks";
}

/**
 * The index in the move list of the first move a takeback by `seat` undoes (every move from there on
 * goes), or a refusal: `seat` has not moved, or a person moved after `seat`'s last move.
 * `computerOpponent`: the opponent is Nickar, whose replies are undone with the move.
 */
export function takebackStart(
  state: GameState,
  seat: Player,
  computerOpponent: boolean,
): { readonly from: number } | { readonly refusal: ErrorCode } {
  const movers = state.movers;
  const from = movers.lastIndexOf(seat);
  if (from < 0) return { refusal: "takeback/no-move" };
  if (!computerOpponent && movers.slice(from + 1).includes(opponent(seat))) return { refusal: "takeback/replied" };
  return { from };
}

/** The last takeback, as stored with the game; null when none, or when the game has moved on since. */
export function currentTakeback(row: GameRow): readonly number[] | null {
  if (row.takenBackAt === null || row.takenBackAt !== row.ply || row.takenBackMoves === null) return null;
  return JSON.parse(row.takenBackMoves) as number[];
}

/** The letters of `houses` played in turn from `state` ("C", "d"): what a takeback undid, from the position it left. */
export function takebackLetters(state: GameState, houses: readonly number[]): string[] {
  const letters: string[] = [];
  let at = state;
  for (const house of houses) {
    letters.push(moveLetter(at.position.toMove, house));
    const played = play(at, house);
    if (!played.ok) break;
    at = played.value.state;
  }
  return letters;
}

/** The letters of the moves a pending request by `by` would take back (empty when none would). */
export function requestedLetters(state: GameState, by: Player, computerOpponent: boolean): string[] {
  const start = takebackStart(state, by, computerOpponent);
  if ("refusal" in start) return [];
  const { history, movers } = state;
  return history.slice(start.from).map((house, i) => moveLetter(movers[start.from + i], house));
}
