/** Builds the messages: the game board with its buttons, and the challenge. Plain data only. */
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from "discord-api-types/v10";
import type { ChallengeRow, RatingChangeRow } from "../db/schema.ts";
import { houseToPit, moveLetter, opponent, rulesetName } from "../engine/index.ts";
import { hintsAllowed } from "../games/computer.ts";
import { type GameSnapshot, userOf } from "../games/snapshot.ts";
import { formatTimeLimit } from "../games/time.ts";
import { noteText } from "../i18n/note.ts";
import type { SeriesSummary } from "../ladders/series-service.ts";
import { narrateMove, resultText } from "../present/narrate.ts";
import type { App } from "./context.ts";
import { type CustomId, formatCustomId, type GameAction } from "./custom-id.ts";
import { clearNotice, gameNoticeKey, type MessageRef, type Notice, type Reply } from "./reply.ts";
import { seriesFooter, seriesLine, seriesWinText } from "./series-view.ts";
import { discordTranslator } from "./speech.ts";

type Row = APIActionRowComponent<APIButtonComponent>;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

export function button(id: CustomId, label: string, style: Style, disabled = false): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: formatCustomId(id), label, style, disabled };
}

export function row(...components: APIButtonComponent[]): Row {
  return { type: ComponentType.ActionRow, components };
}

const time = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** How a player is written in Discord text: a mention, which shows their name. */
const mention = (id: string) => `<@${id}>`;

/** The players as mentions, South first. */
function mentions(game: GameSnapshot): [string, string] {
  return [mention(game.row.southId), mention(game.row.northId)];
}

/** The narration of the move that led to this position (names as mentions), or null at the start. */
export function narration(game: GameSnapshot): string | null {
  if (!game.last) return null;
  return narrateMove({
    ruleset: game.state.ruleset,
    player: game.last.player,
    house: game.last.house,
    events: game.last.events,
    names: mentions(game),
  });
}

/** The result line of an ended game, as the image's banner says it. */
export function resultOf(game: GameSnapshot): string {
  const { row, state } = game;
  return resultText(row, mentions(game), state.position.stores, state.position.toMove);
}

export function gameHeader(game: GameSnapshot): string {
  const { row: g } = game;
  const ruleset = rulesetName(g.ruleset);
  const rated = g.voidedAt !== null ? "void" : g.rated ? "rated" : g.level ? `unrated · Nickar ${g.level}` : "unrated";
  const kind = g.ladderChallengerId ? " · ladder game" : g.seriesGame ? ` · series game ${g.seriesGame}` : "";
  return `**${ruleset}** · game \`${g.id}\` · <@${g.southId}> (South, A–F) vs <@${g.northId}> (North, a–f) · ${formatTimeLimit(g.timeLimit)} per move · ${rated}${kind}`;
}

function signed(n: number): string {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "±0";
}

/**
 * What the game message and the ending post show besides the game itself, read from the database by
 * the caller (boardFacts in game-message.ts), so that the views are pure functions of their inputs.
 */
export interface BoardFacts {
  /** The series the game belongs to, with its score. */
  readonly series: SeriesSummary | null;
  /** The server shows every move as an animation. */
  readonly animate: boolean;
  /** The rating change this game made, by user id (none for a game that changed no rating). */
  readonly ratingChanges: ReadonlyMap<string, Pick<RatingChangeRow, "ratingBefore" | "ratingAfter">>;
  /** The ladder's rungs after a finished ladder game (null for any other game). */
  readonly rungs: readonly { readonly userId: string; readonly rung: number }[] | null;
}

/**
 * What the views use besides their facts: the renderer, display names, and who the computer opponent
 * is (none of them reads the database).
 */
export type Media = Pick<App, "images" | "displayName" | "computer">;

/** "Ratings: <@a> 1512 (+12) · <@b> 1488 (−12)", or why the ratings did not change. */
export function ratingLine(game: GameSnapshot, facts: BoardFacts): string | null {
  const { row } = game;
  if (row.status === "active") return null;
  if (row.voidedAt !== null) return "Ratings: void, this game no longer counts.";
  if (row.status !== "finished") return null; // an abort or a cancel says "ratings unchanged" itself
  if (!row.rated) return `Ratings: unrated game, <@${row.southId}> and <@${row.northId}> unchanged.`;
  const parts = [row.southId, row.northId].map((userId) => {
    const change = facts.ratingChanges.get(userId);
    return change
      ? `<@${userId}> ${Math.round(change.ratingAfter)} (${signed(change.ratingAfter - change.ratingBefore)})`
      : `<@${userId}> unrated`;
  });
  return `Ratings: ${parts.join(" · ")}`;
}

/** What an ended ladder game did to the rungs, said where it happened. */
export function ladderLine(game: GameSnapshot, facts: BoardFacts): string | null {
  const { row } = game;
  if (!row.ladderChallengerId || row.status !== "finished") return null;
  const challenger = row.ladderChallengerId;
  const target = challenger === row.southId ? row.northId : row.southId;
  const challengerSeat = challenger === row.southId ? 0 : 1;
  if (row.winner !== challengerSeat) {
    const how = row.winner === null ? "A draw" : `<@${target}> defended their rung`;
    return `Ladder: ${how}: the rungs stay as they were.`;
  }
  const rungs = facts.rungs ?? [];
  const mine = rungs.find((r) => r.userId === challenger)?.rung;
  const theirs = rungs.find((r) => r.userId === target)?.rung;
  if (mine === undefined) return null;
  return theirs !== undefined && theirs > mine
    ? `Ladder: <@${challenger}> takes rung ${mine} from <@${target}>, who moves down to rung ${theirs}.`
    : `Ladder: <@${challenger}> is on rung ${mine}.`;
}

/** A series game's line: the score, and the series result once it is decided. */
function seriesLines(
  game: GameSnapshot,
  facts: BoardFacts,
): { line: string | null; bannerNote?: (name: (id: string) => string) => string } {
  const { row: g } = game;
  const { series } = facts;
  if (!series) return { line: null };
  const decidedNow = g.status !== "active" && series.series.status !== "active" && series.series.winnerId !== null;
  const bannerNote = decidedNow ? (name: (id: string) => string) => seriesWinText(series, name) : undefined;
  return { line: seriesLine(series), bannerNote };
}

function gameButtons(media: Media, game: GameSnapshot): Row[] {
  const { row: g, state } = game;
  const id = (action: GameAction): CustomId => ({ type: "game", gameId: g.id, ply: g.ply, action });
  const animate = button(id({ kind: "animate" }), "Animate", ButtonStyle.Secondary, !game.last);
  if (g.status !== "active") {
    const ended = [
      ...(game.last ? [animate] : []),
      ...(canRematch(game) ? [rematchButton(game)] : []),
      ...(game.last ? [button(id({ kind: "analyse" }), "Analyse", ButtonStyle.Primary)] : []),
    ];
    return ended.length ? [row(...ended)] : [];
  }
  const player = state.position.toMove;
  // While Nickar thinks, its houses are shown but cannot be pressed.
  const thinking = media.computer.toMove(game);
  const house = (h: number) => {
    const legal = state.legalMoves.includes(h) && !thinking;
    const label = `${moveLetter(player, h)} · ${state.position.pits[houseToPit(player, h)]}`;
    return button(id({ kind: "move", house: h }), label, legal ? ButtonStyle.Primary : ButtonStyle.Secondary, !legal);
  };
  const drawLabel = g.drawOfferBy === null ? "Offer draw" : "Accept draw";
  const actions = [
    button(id({ kind: "resign" }), "Resign", ButtonStyle.Danger),
    button(id({ kind: "draw" }), drawLabel, ButtonStyle.Secondary),
    animate,
  ];
  // Never in a rated game between people.
  if (hintsAllowed(g) && !thinking) actions.push(button(id({ kind: "hint" }), "Hint", ButtonStyle.Secondary));
  return [row(house(1), house(2), house(3)), row(house(4), house(5), house(6)), row(...actions)];
}

/** A rematch is offered after a game with a result or an abort, not after ladder or series games (they have their own paths). */
export function canRematch(game: GameSnapshot): boolean {
  const { row } = game;
  return row.status !== "active" && row.status !== "cancelled" && !row.ladderChallengerId && !row.seriesId;
}

function rematchButton(game: GameSnapshot): APIButtonComponent {
  return button(
    { type: "game", gameId: game.row.id, ply: game.row.ply, action: { kind: "rematch" } },
    "Rematch",
    ButtonStyle.Success,
  );
}

/** Display names of South and North, for the images (looked up together). */
export async function playerNames(media: Media, game: GameSnapshot): Promise<[string, string]> {
  const { row: g } = game;
  return Promise.all([media.displayName(g.guildId, g.southId), media.displayName(g.guildId, g.northId)]);
}

/** Renders once however often it is asked: one board can be both the answer and an edit of the game's message. */
function once<T>(render: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | null = null;
  return () => {
    result ??= render();
    return result;
  };
}

/**
 * The game message: header (with the game id), what just happened, whose move it is (mentioned) or
 * the result with the rating changes and what it meant for a series or the ladder; board image; buttons.
 */
export function gameReply(media: Media, game: GameSnapshot, facts: BoardFacts, extra?: string): Reply {
  const { row: g, state } = game;
  const lines = [gameHeader(game)];
  const told = narration(game);
  if (told) lines.push(told);
  const pinged: string[] = [];
  if (g.status === "active" && media.computer.toMove(game)) {
    lines.push(`Nickar is thinking… (${state.position.toMove === 0 ? "South" : "North"}, ${g.level})`);
    if (g.drawOfferBy !== null) lines.push(`<@${userOf(g, g.drawOfferBy)}> offers a draw.`);
  } else if (g.status === "active") {
    const userId = userOf(g, state.position.toMove);
    pinged.push(userId);
    const deadline = g.deadlineAt === null ? "" : ` · time runs out ${time(g.deadlineAt)}`;
    lines.push(`<@${userId}> to move (${state.position.toMove === 0 ? "South" : "North"})${deadline}`);
    if (g.drawOfferBy !== null) lines.push(`<@${userOf(g, g.drawOfferBy)}> offers a draw.`);
  } else {
    lines.push(`**${resultOf(game)}**`);
    for (const line of [ratingLine(game, facts), ladderLine(game, facts)]) if (line) lines.push(line);
  }
  const series = seriesLines(game, facts);
  if (series.line) lines.push(series.line);
  if (extra) lines.push(extra);
  return {
    content: lines.join("\n"),
    components: gameButtons(media, game),
    mentions: pinged,
    image: once(async () => {
      const names = await playerNames(media, game);
      const name = (id: string) => (id === g.southId ? names[0] : names[1]);
      const footer = facts.series ? seriesFooter(facts.series, name) : undefined;
      const look = { footer, bannerNote: series.bannerNote?.(name) };
      // With animations on, a board that follows a move shows that move (the GIF opens and ends on the position).
      const gif = facts.animate ? await media.images.moveGif(game, names, look) : null;
      const description = await media.images.boardAlt(game, names, look);
      if (gif) return { name: `nickar-${g.id}-${g.ply}.gif`, data: gif, description };
      return { name: `nickar-${g.id}-${g.ply}.png`, data: await media.images.boardPng(game, names, look), description };
    }),
  };
}

/**
 * The notice that tells both players how their game ended (a mention only notifies in a new
 * message): the result, the rating changes, the series or ladder consequence, and a Rematch button.
 * It replaces the game's last notice (see `Notice`) and goes where each player chose with /nickar
 * notify; `note` is a line added after the result (who aborted the game).
 */
export function endingNotice(media: Media, game: GameSnapshot, facts: BoardFacts, note?: string): Notice {
  const { row: g } = game;
  const lines = [`game \`${g.id}\` is over: **${resultOf(game)}**`];
  for (const line of [note, ratingLine(game, facts), ladderLine(game, facts), seriesLines(game, facts).line])
    if (line) lines.push(line);
  if (g.messageId) lines.push(`The board: https://discord.com/channels/${g.guildId}/${g.channelId}/${g.messageId}`);
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    // Nickar itself is never notified (the notice board leaves it out too).
    users: [g.southId, g.northId].filter((id) => !media.computer.is(id)),
    text: lines.join("\n"),
    components: canRematch(game) ? [row(rematchButton(game))] : [],
  };
}

/**
 * The notice that asks the opponent to answer a draw offer, with Accept draw and Decline (in a
 * direct message: a link to the board, whose Offer draw button has become Accept draw). It replaces
 * the game's turn notice; a move or an answer replaces it in turn.
 */
export function drawOfferNotice(game: GameSnapshot): Notice {
  const { row: g } = game;
  if (g.drawOfferBy === null) throw new Error(`game ${g.id} has no draw offer`);
  const by = userOf(g, g.drawOfferBy);
  const to = userOf(g, opponent(g.drawOfferBy));
  const id = (kind: "draw-accept" | "draw-decline"): CustomId => ({
    type: "game",
    gameId: g.id,
    ply: g.ply,
    action: { kind },
  });
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    users: [to],
    text: `<@${by}> offers you a draw in game \`${g.id}\`. Playing a move also declines it.`,
    components: [
      row(
        button(id("draw-accept"), "Accept draw", ButtonStyle.Success),
        button(id("draw-decline"), "Decline", ButtonStyle.Secondary),
      ),
    ],
    ...(g.messageId && { jump: { guildId: g.guildId, channelId: g.channelId, messageId: g.messageId } }),
  };
}

function challengeTerms(c: ChallengeRow): string {
  const ruleset = rulesetName(c.ruleset);
  const first = { me: "challenger moves first", them: "challenger moves second", random: "first move drawn at random" }[
    c.first
  ];
  const kind =
    c.kind === "ladder"
      ? "a **ladder game** of "
      : c.kind === "series"
        ? `a **first-to-${c.firstTo ?? 6} series** of `
        : "";
  const start = c.kind === "series" ? `${first} in game 1, then South alternates` : first;
  return `${kind}**${ruleset}** · ${formatTimeLimit(c.timeLimit)} per move · ${c.rated ? "rated" : "unrated"} · ${start}`;
}

/** What a declined or unanswered ladder challenge means. */
function ladderForfeit(c: ChallengeRow): string {
  return c.kind === "ladder" ? ` On the ladder that counts as a loss for <@${c.opponentId}>.` : "";
}

export function challengeReply(c: ChallengeRow): Reply {
  const who = c.opponentId ? `<@${c.opponentId}>` : "anyone";
  const id = (action: "accept" | "decline" | "cancel"): CustomId => ({ type: "challenge", challengeId: c.id, action });
  switch (c.status) {
    case "pending": {
      const buttons = [button(id("accept"), "Accept", ButtonStyle.Success)];
      if (c.opponentId) buttons.push(button(id("decline"), "Decline", ButtonStyle.Danger));
      buttons.push(button(id("cancel"), "Cancel", ButtonStyle.Secondary));
      const lines = [`<@${c.challengerId}> challenges ${who} to ${challengeTerms(c)}`];
      // TODO(i18n-views): the server's translator instead of English.
      if (c.note) lines.push(noteText(discordTranslator("en"), c.note));
      const unanswered = c.kind === "ladder" ? " (declining or not answering counts as a loss on the ladder)" : "";
      lines.push(`Expires ${time(c.expiresAt)}${unanswered}.`);
      return {
        content: lines.join("\n"),
        components: [row(...buttons)],
        mentions: c.opponentId ? [c.opponentId] : [],
      };
    }
    case "declined":
      return {
        content: `<@${c.opponentId}> declined the challenge from <@${c.challengerId}>.${ladderForfeit(c)}`,
        components: [],
      };
    case "cancelled":
      return { content: `<@${c.challengerId}> withdrew the challenge to ${who}.`, components: [] };
    case "expired":
      return {
        content: `The challenge from <@${c.challengerId}> to ${who} expired.${ladderForfeit(c)}`,
        components: [],
      };
    case "accepted":
      return { content: `<@${c.opponentId}> accepted the challenge from <@${c.challengerId}>.`, components: [] };
  }
}

/** The reminder posted at half time. */
export function reminderReply(game: GameSnapshot): Reply {
  const { row: g, state } = game;
  const userId = state.position.toMove === 0 ? g.southId : g.northId;
  const link = g.messageId ? ` https://discord.com/channels/${g.guildId}/${g.channelId}/${g.messageId}` : "";
  const deadline = g.deadlineAt === null ? "soon" : time(g.deadlineAt);
  return {
    content: `<@${userId}>, it is your move in game \`${g.id}\`: time runs out ${deadline}.${link}`,
    mentions: [userId],
  };
}

/**
 * The notice that tells the player to move it is their turn (see `Notice`). `board` is the game's
 * message when it is not bound yet (a challenge just accepted on its own message).
 */
export function turnNotice(game: GameSnapshot, board?: MessageRef): Notice {
  const { row: g, state } = game;
  const userId = state.position.toMove === 0 ? g.southId : g.northId;
  const ruleset = rulesetName(g.ruleset);
  const deadline = g.deadlineAt === null ? "" : `: time runs out ${time(g.deadlineAt)}`;
  const first = g.ply === 0 ? " (you move first)" : "";
  const messageId = board?.messageId ?? g.messageId;
  const channelId = board?.channelId ?? g.channelId;
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    users: [userId],
    text: `it is your move in game \`${g.id}\` (${ruleset})${first}${deadline}.`,
    ...(messageId && { jump: { guildId: g.guildId, channelId, messageId } }),
  };
}

/**
 * The notices after a change to a game: the player to move is told when the turn passed to them
 * (`moved`: a move was just played); once the game is over, its last turn notice goes away.
 */
export function gameNotices(game: GameSnapshot, moved: boolean): Notice[] {
  const { row: g, state } = game;
  if (g.status !== "active") return [clearNotice(gameNoticeKey(g.id), g.channelId)];
  // A Caribbean extra move keeps the turn: the player already knows, and was told last time.
  if (moved && game.last?.player !== state.position.toMove) return [turnNotice(game)];
  return [];
}
