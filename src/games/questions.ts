/**
 * The questions one player of a game asks the other: a draw offer, a takeback request. Both follow one
 * flow (as lila's Drawer and Takebacker do): the asker's seat is kept while the question is open; the
 * opponent accepts or declines it, and a move lets it lapse; asking the question the opponent has open
 * answers it yes. How often: a declined question could otherwise be asked again at once, without end (a ping
 * to the opponent each time), so, as on Lichess, a player's next one waits until some moves have been played
 * since their last one, whatever became of it. Pure, so the game service, the views and their tests share it.
 * What a takeback undoes, and in which games, is takebacks.ts.
 */
import type { GameRow } from "../db/schema.ts";
import type { Player } from "../engine/index.ts";
import type { ErrorCode } from "../errors.ts";

export type QuestionKind = "draw" | "takeback";

/** Plies (moves of either side) to be played after a player's draw offer before they may offer again. */
export const DRAW_OFFER_GAP = 10;
/** Plies (the game's ply, which a takeback moves on by one as a move does) between two takeback requests of a player. */
export const TAKEBACK_GAP = 6;

type PlyColumn = "southDrawOfferPly" | "northDrawOfferPly" | "southTakebackPly" | "northTakebackPly";

export interface Question {
  /** The column that keeps the seat that asked, while the question is open. */
  readonly by: "drawOfferBy" | "takebackBy";
  /** The columns that keep the ply at which each seat last asked: South's, North's. */
  readonly askedAt: readonly [PlyColumn, PlyColumn];
  /** Plies to be played after a player asked before they may ask again. */
  readonly gap: number;
  /** Why asking or answering is refused. */
  readonly refusals: {
    /** The asker's question is still open. */
    readonly already: ErrorCode;
    /** Asked not `gap` plies ago (with `count` and `gap`). */
    readonly tooSoon: ErrorCode;
    /** There is no question of the opponent's to accept, or to decline. */
    readonly noneToAccept: ErrorCode;
    readonly noneToDecline: ErrorCode;
    /** The question to answer is the caller's own. */
    readonly own: ErrorCode;
  };
}

export const QUESTIONS: Readonly<Record<QuestionKind, Question>> = {
  draw: {
    by: "drawOfferBy",
    askedAt: ["southDrawOfferPly", "northDrawOfferPly"],
    gap: DRAW_OFFER_GAP,
    refusals: {
      already: "draw/already-offered",
      tooSoon: "draw/too-soon",
      noneToAccept: "draw/none-to-accept",
      noneToDecline: "draw/none-to-decline",
      own: "draw/own-offer",
    },
  },
  takeback: {
    by: "takebackBy",
    askedAt: ["southTakebackPly", "northTakebackPly"],
    gap: TAKEBACK_GAP,
    refusals: {
      already: "takeback/already-asked",
      tooSoon: "takeback/too-soon",
      noneToAccept: "takeback/none",
      noneToDecline: "takeback/none",
      own: "takeback/own-request",
    },
  },
};

/** The seat whose `kind` question is open, or null. */
export function askedBy(row: Pick<GameRow, Question["by"]>, kind: QuestionKind): Player | null {
  return row[QUESTIONS[kind].by];
}

/** How many more plies must be played before `seat` may ask `kind` at `ply`; 0 when they may now. */
export function pliesUntilAsking(row: Pick<GameRow, PlyColumn>, kind: QuestionKind, seat: Player, ply: number): number {
  const { askedAt, gap } = QUESTIONS[kind];
  const last = row[askedAt[seat]];
  return last === null ? 0 : Math.max(0, last + gap - ply);
}

/** What is written when `seat` asks at `ply`: the question open, and when they asked. */
export function askedFields(kind: QuestionKind, seat: Player, ply: number): Partial<GameRow> {
  const { by, askedAt } = QUESTIONS[kind];
  return { [by]: seat, [askedAt[seat]]: ply };
}

/** Why `seat` may not `answer` the open `kind` question, or null: only the opponent's question is answered. */
export function answerRefusal(
  row: Pick<GameRow, Question["by"]>,
  kind: QuestionKind,
  seat: Player,
  answer: "accept" | "decline",
): ErrorCode | null {
  const by = askedBy(row, kind);
  const { refusals } = QUESTIONS[kind];
  if (by === seat) return refusals.own;
  if (by === null) return answer === "accept" ? refusals.noneToAccept : refusals.noneToDecline;
  return null;
}
