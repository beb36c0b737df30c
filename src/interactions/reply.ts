/**
 * Plain data that handlers return and the router turns into discord.js calls, so handlers can be
 * tested without a gateway.
 */
import type { APIActionRowComponent, APIButtonComponent } from "discord-api-types/v10";

export interface ImageFile {
  readonly name: string;
  readonly data: Buffer;
  /** Alt text for screen readers (Discord's attachment description, at most 1024 characters). */
  readonly description?: string;
}

export interface Reply {
  readonly content: string;
  readonly components?: APIActionRowComponent<APIButtonComponent>[];
  /**
   * The attachment, rendered only after the interaction is acknowledged (rendering may take a while):
   * a picture, or any other file (an exported game record).
   */
  readonly image?: () => Promise<ImageFile | null>;
  readonly ephemeral?: boolean;
  /** Users whose mention in `content` should ping them. */
  readonly mentions?: readonly string[];
}

export interface MessageRef {
  readonly channelId: string;
  readonly messageId: string;
}

/** The link that opens a message in Discord (in text, a direct message, a board that moved). */
export function jumpLink(ref: MessageRef & { readonly guildId: string }): string {
  return `https://discord.com/channels/${ref.guildId}/${ref.channelId}/${ref.messageId}`;
}

/** A game, challenge or analysis: where its message is, once it has one. */
interface Posted {
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string | null;
}

/** The link to the message of a game, challenge or analysis; null while it has none. */
export function messageLink(row: Posted): string | null {
  const { guildId, channelId, messageId } = row;
  return messageId ? jumpLink({ guildId, channelId, messageId }) : null;
}

/** " <link>" to the message of a game or analysis, to end a sentence with; "" while it has none. */
export function linkSuffix(row: Posted): string {
  const link = messageLink(row);
  return link ? ` ${link}` : "";
}

export interface Response {
  /**
   * "reply": a new message answering the interaction; "update": replace the message the button is on;
   * "launch": open the Activity for the user (Discord's LAUNCH_ACTIVITY; `reply` is not shown).
   */
  readonly mode: "reply" | "update" | "launch";
  readonly reply: Reply;
  /**
   * Remember the id of the message this response posts (or updates) as the game's or challenge's
   * message, or as the message that shows an analysis (`id` is the game's), or as a puzzle try's latest
   * message with the interaction's token that can edit it (`id` is the try's).
   */
  readonly bind?: { readonly kind: "game" | "challenge" | "analysis" | "tournament" | "puzzle"; readonly id: string };
  /** Private messages of earlier interactions to edit through their tokens (a puzzle try counted as missed). */
  readonly tokenEdits?: readonly TokenEdit[];
  /**
   * The answer needs a search first (a hint): the interaction is acknowledged at once (Discord shows
   * "Nickar is thinking…") and the reply becomes what this returns. A UserError it throws is shown instead.
   */
  readonly deferred?: () => Promise<Reply>;
  /** Other messages to bring up to date, e.g. the game message after a move made with /nickar move. */
  readonly edits?: readonly Edit[];
  /** Edits that need the message this response posted (`bind`), e.g. an old board linking to its new one. */
  readonly afterBind?: (posted: MessageRef) => readonly Edit[];
  /** Extra messages after the response (e.g. an ephemeral note after updating a board). */
  readonly followUps?: readonly Reply[];
  /** New channel messages, e.g. the next game of a series; `bindGame` makes the message that game's. */
  readonly posts?: readonly Post[];
  /** Pings sent after everything else (the player to move), see `Notice`. */
  readonly notices?: readonly Notice[];
}

/**
 * A notice: a short new message that notifies `users` and nobody else (Discord notifies only for a
 * mention in a new message, never in an edit). It replaces the previous notice with the same `key`:
 * that one is deleted once this one is posted, so a channel holds one notice per key. Each user
 * receives it where they chose with /nickar notify: in `channelId` (default, mentioned there), by
 * direct message (with a link to `jump`; in the channel when the DM cannot be sent), or not at all.
 * Delivered by src/discord/notices.ts; handlers only return them.
 *
 * Keys: `gameNoticeKey(gameId)` for everything that asks a player of a game to act (the player to
 * move, a draw offer to answer, the game's end), so a new one always replaces the last.
 */
export interface Notice {
  readonly key: string;
  readonly channelId: string;
  /** Who is notified; empty: only the previous notice with this key is deleted (e.g. the game ended). */
  readonly users: readonly string[];
  /** What follows the mentions in the channel ("it is your move…"). */
  readonly text: string;
  /** The whole text of a direct message ("It is your move…"); without it, `text`. */
  readonly direct?: string;
  /** The message a direct message links to (the game's board). */
  readonly jump?: MessageRef & { readonly guildId: string };
  /**
   * Buttons on the channel message (Accept draw / Decline, Rematch). A direct message has none: it
   * links to the board, which carries the same actions.
   */
  readonly components?: Reply["components"];
  /** The outbox's key of this notice (a tournament game's ending): marked sent once it is delivered. */
  readonly outboxKey?: string;
}

export function gameNoticeKey(gameId: string): string {
  return `game:${gameId}`;
}

/** Deletes the notice of `key` without posting a new one. */
export function clearNotice(key: string, channelId: string): Notice {
  return { key, channelId, users: [], text: "" };
}

/**
 * An edit of a message that only an interaction's token can reach (an ephemeral one): `ref` is the
 * webhook's name for it (an id, or "@original"), `at` when that interaction was created (its token lives
 * 15 minutes from then; an edit too late is left out).
 */
export interface TokenEdit {
  readonly ref: string;
  readonly token: string;
  readonly at: number;
  readonly reply: Reply;
}

export interface Edit {
  readonly ref: MessageRef;
  readonly reply: Reply;
}

/**
 * One edit per message, the last asked for: parts of an answer may each bring a message up to date (a
 * tournament's announcement after a join and after the round it ended), and every edit draws the current state.
 */
export function latestEdits(edits: readonly Edit[]): Edit[] {
  const byMessage = new Map<string, Edit>();
  for (const edit of edits) {
    const key = `${edit.ref.channelId}/${edit.ref.messageId}`;
    byMessage.delete(key);
    byMessage.set(key, edit);
  }
  return [...byMessage.values()];
}

export interface Post {
  readonly channelId: string;
  readonly reply: Reply;
  readonly bindGame?: string;
  /**
   * Told by direct message once the post is up, with a link to it (players whose `/nickar notify` is
   * "dm": they are not pinged by the post itself). `text` starts the message.
   */
  readonly direct?: { readonly users: readonly string[]; readonly text: string };
  /** Discord's message nonce, enforced: the same post sent again within minutes makes no second message. */
  readonly nonce?: string;
}

export function ephemeral(content: string): Response {
  return { mode: "reply", reply: { content, ephemeral: true } };
}
