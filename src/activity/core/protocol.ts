/**
 * What the Activity's page and the bot say to each other over the WebSocket (`/.proxy/ws` in Discord, `/ws`
 * on the bot): JSON messages, one per frame. The page only ever asks; the bot checks and answers, and tells
 * every viewer of a game each change as the whole game (`GameView`), so a page that missed messages (a
 * restart, a dropped connection) is caught up by the next one. Pure types: the page's bundle and the bot
 * share them.
 */

/** What a player asks of a game from the page: the same actions as the game message's buttons. */
export type PageAction =
  | { readonly kind: "move"; readonly house: number }
  | { readonly kind: "resign-confirm" }
  | { readonly kind: "draw" }
  | { readonly kind: "draw-decline" }
  | { readonly kind: "takeback" }
  | { readonly kind: "takeback-decline" }
  | { readonly kind: "rematch" };

export const PAGE_ACTIONS: readonly PageAction["kind"][] = [
  "move",
  "resign-confirm",
  "draw",
  "draw-decline",
  "takeback",
  "takeback-decline",
  "rematch",
];

export type ClientMessage =
  /** The first message: the access token the bot gave the page (`POST /api/token`), and where the page runs. */
  | {
      readonly type: "hello";
      readonly token: string;
      readonly channelId: string;
      /** The page's guess at the language (the browser's), used only if Discord gives none for the user. */
      readonly locale?: string;
      /** The game the page showed before it reconnected, to be shown again. */
      readonly gameId?: string;
    }
  /** Show this game (the player's own, or another's as a spectator). */
  | { readonly type: "watch"; readonly gameId: string }
  /**
   * An action on the game at `version` (the ply the page showed, the same stale check as a button's):
   * `nonce` comes back in the answer.
   */
  | {
      readonly type: "act";
      readonly gameId: string;
      readonly version: number;
      readonly action: PageAction;
      readonly nonce: string;
    };

/** A game of the channel in the page's list. */
export interface GameEntry {
  readonly gameId: string;
  readonly ruleset: string;
  readonly names: readonly [string, string];
  /** The viewer's seat in it, or null: they would watch it. */
  readonly seat: 0 | 1 | null;
}

/** A player's rating before and after the game (rated games once finished). */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
}

/** A game as one viewer sees it: the engine in the page replays `moves` for the board, the legal houses and the last move's sowing. */
export interface GameView {
  readonly gameId: string;
  readonly ruleset: string;
  /** The game's version: its ply (a takeback moves it on too), which the page's actions carry. */
  readonly version: number;
  /** The houses played, in order: the source of truth (as in the database). */
  readonly moves: readonly number[];
  readonly status: "active" | "finished" | "aborted" | "cancelled";
  readonly names: readonly [string, string];
  readonly seat: 0 | 1 | null;
  /** The side to move (meaningless once the game is over). */
  readonly toMove: 0 | 1;
  /** Seconds each player has for a move; the player to move's runs out at `deadlineAt` (ms since the epoch). */
  readonly timeLimit: number;
  readonly deadlineAt: number | null;
  /** The bot's clock when this was sent, so the page counts down from the bot's time, not its own. */
  readonly now: number;
  /** The seat whose draw offer or takeback request is open. */
  readonly drawOfferBy: 0 | 1 | null;
  readonly takebackBy: 0 | 1 | null;
  /** Take back is offered to this viewer now (the kind of game, the server's setting, a move to take back). */
  readonly canTakeback: boolean;
  /** Nickar is thinking: its houses cannot be pressed. */
  readonly thinking: boolean;
  /** What the last move did, in words (the narration of the board's alt text), in the viewer's language. */
  readonly narration: string | null;
  /** The result, once over, in the viewer's language. */
  readonly result: string | null;
  readonly ratings: readonly [RatingChange | null, RatingChange | null];
  readonly canRematch: boolean;
}

export type ServerMessage =
  /** Signed in: who, the language of their Discord client (the page's words follow it), the channel's games. */
  | {
      readonly type: "welcome";
      readonly userId: string;
      readonly locale: "en" | "da" | "fr";
      readonly games: readonly GameEntry[];
    }
  | { readonly type: "game"; readonly game: GameView }
  /** An action done; `said` is the bot's short answer when it has one ("Draw offered."). */
  | { readonly type: "done"; readonly nonce: string; readonly said: string | null }
  /** An action refused, in the viewer's words (a stale board, not your turn, not your game). */
  | { readonly type: "refused"; readonly nonce: string | null; readonly code: string; readonly text: string };

/** The close code when sign-in failed (the token refused): the page signs in again rather than reconnect. */
export const CLOSE_UNAUTHORISED = 4001;
