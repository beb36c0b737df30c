/** Builds the messages: the game board with its buttons, and the challenge. Plain data only. */
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from "discord-api-types/v10";
import type { ChallengeRow, RatingChangeRow } from "../db/schema.ts";
import { houseToPit, moveLetter, opponent } from "../engine/index.ts";
import { hintsAllowed } from "../games/computer.ts";
import { type GameSnapshot, userOf } from "../games/snapshot.ts";
import { type Locale, type Translate, term, user } from "../i18n/index.ts";
import { noteText } from "../i18n/note.ts";
import { RULESET_NAME, SIDE_NAME } from "../i18n/terms.ts";
import { LEVEL_NAME } from "../i18n/terms-views.ts";
import type { SeriesSummary } from "../ladders/series-service.ts";
import { narrateMove, resultText, timeLimitText } from "../present/narrate.ts";
import type { App } from "./context.ts";
import { type CustomId, formatCustomId, type GameAction } from "./custom-id.ts";
import { clearNotice, gameNoticeKey, type MessageRef, type Notice, type Reply } from "./reply.ts";
import { seriesFooter, seriesLine, seriesWinText } from "./series-view.ts";
import { discordTranslator } from "./speech.ts";

/** The language a message is written in: its translator, and its locale for the images (drawn in a worker). */
export interface Voice {
  readonly locale: Locale;
  readonly t: Translate;
}

export function voiceOf(locale: Locale): Voice {
  return { locale, t: discordTranslator(locale) };
}

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
export function narration(game: GameSnapshot, t: Translate): string | null {
  if (!game.last) return null;
  return narrateMove(
    {
      ruleset: game.state.ruleset,
      player: game.last.player,
      house: game.last.house,
      events: game.last.events,
      names: mentions(game),
    },
    t,
  );
}

/** The result line of an ended game, as the image's banner says it. */
export function resultOf(game: GameSnapshot, t: Translate): string {
  const { row, state } = game;
  return resultText(row, mentions(game), state.position.stores, state.position.toMove, t);
}

export function gameHeader(game: GameSnapshot, t: Translate): string {
  const { row: g } = game;
  const rated =
    g.voidedAt !== null
      ? t("game:header.void")
      : g.rated
        ? t("game:header.rated")
        : g.level
          ? t("game:header.unratedLevel", { level: term(LEVEL_NAME[g.level]) })
          : t("game:header.unrated");
  const kind = g.ladderChallengerId
    ? t("game:header.ladder")
    : g.seriesGame
      ? t("game:header.series", { number: g.seriesGame })
      : "";
  return t("game:header.line", {
    ruleset: term(RULESET_NAME[g.ruleset]),
    id: g.id,
    south: user(g.southId),
    north: user(g.northId),
    limit: timeLimitText(g.timeLimit, t),
    rated,
    kind,
  });
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

/** A series game's line: the score, and the series result once it is decided. */
function seriesLines(
  game: GameSnapshot,
  facts: BoardFacts,
  t: Translate,
): { line: string | null; bannerNote?: (name: (id: string) => string) => string } {
  const { row: g } = game;
  const { series } = facts;
  if (!series) return { line: null };
  const decidedNow = g.status !== "active" && series.series.status !== "active" && series.series.winnerId !== null;
  const bannerNote = decidedNow ? (name: (id: string) => string) => seriesWinText(series, t, name) : undefined;
  return { line: seriesLine(series, t), bannerNote };
}

function gameButtons(media: Media, game: GameSnapshot, t: Translate): Row[] {
  const { row: g, state } = game;
  const id = (action: GameAction): CustomId => ({ type: "game", gameId: g.id, ply: g.ply, action });
  const animate = button(id({ kind: "animate" }), t("game:button.animate"), ButtonStyle.Secondary, !game.last);
  if (g.status !== "active") {
    const ended = [
      ...(game.last ? [animate] : []),
      ...(canRematch(game) ? [rematchButton(game, t)] : []),
      ...(game.last ? [button(id({ kind: "analyse" }), t("game:button.analyse"), ButtonStyle.Primary)] : []),
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
  const drawLabel = t(g.drawOfferBy === null ? "game:button.offerDraw" : "game:button.acceptDraw");
  const actions = [
    button(id({ kind: "resign" }), t("game:button.resign"), ButtonStyle.Danger),
    button(id({ kind: "draw" }), drawLabel, ButtonStyle.Secondary),
    animate,
  ];
  // Never in a rated game between people.
  if (hintsAllowed(g) && !thinking)
    actions.push(button(id({ kind: "hint" }), t("game:button.hint"), ButtonStyle.Secondary));
  return [row(house(1), house(2), house(3)), row(house(4), house(5), house(6)), row(...actions)];
}

/** A rematch is offered after a game with a result or an abort, not after ladder or series games (they have their own paths). */
export function canRematch(game: GameSnapshot): boolean {
  const { row } = game;
  return row.status !== "active" && row.status !== "cancelled" && !row.ladderChallengerId && !row.seriesId;
}

function rematchButton(game: GameSnapshot, t: Translate): APIButtonComponent {
  return button(
    { type: "game", gameId: game.row.id, ply: game.row.ply, action: { kind: "rematch" } },
    t("game:button.rematch"),
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
export function gameReply(media: Media, game: GameSnapshot, facts: BoardFacts, voice: Voice, extra?: string): Reply {
  const { row: g, state } = game;
  const { t, locale } = voice;
  const lines = [gameHeader(game, t)];
  const told = narration(game, t);
  if (told) lines.push(told);
  const pinged: string[] = [];
  const side = term(SIDE_NAME[state.position.toMove]);
  if (g.status === "active" && media.computer.toMove(game)) {
    const level = g.level ? term(LEVEL_NAME[g.level]) : "";
    lines.push(t("game:message.thinking", { side, level }));
    if (g.drawOfferBy !== null) lines.push(t("game:message.drawOffered", { player: user(userOf(g, g.drawOfferBy)) }));
  } else if (g.status === "active") {
    const userId = userOf(g, state.position.toMove);
    pinged.push(userId);
    lines.push(
      g.deadlineAt === null
        ? t("game:message.toMove", { player: user(userId), side })
        : t("game:message.toMoveDeadline", { player: user(userId), side, time: time(g.deadlineAt) }),
    );
    if (g.drawOfferBy !== null) lines.push(t("game:message.drawOffered", { player: user(userOf(g, g.drawOfferBy)) }));
  } else {
    lines.push(`**${resultOf(game, t)}**`);
    for (const line of [ratingLine(game, facts, t), ladderLine(game, facts, t)]) if (line) lines.push(line);
  }
  const series = seriesLines(game, facts, t);
  if (series.line) lines.push(series.line);
  if (extra) lines.push(extra);
  return {
    content: lines.join("\n"),
    components: gameButtons(media, game, t),
    mentions: pinged,
    image: once(async () => {
      const names = await playerNames(media, game);
      const name = (id: string) => (id === g.southId ? names[0] : names[1]);
      const footer = facts.series ? seriesFooter(facts.series, name, t) : undefined;
      const look = { footer, bannerNote: series.bannerNote?.(name), locale };
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
export function endingNotice(media: Media, game: GameSnapshot, facts: BoardFacts, t: Translate, note?: string): Notice {
  const { row: g } = game;
  const over = { id: g.id, result: resultOf(game, t) };
  const rest: string[] = [];
  for (const line of [note, ratingLine(game, facts, t), ladderLine(game, facts, t), seriesLines(game, facts, t).line])
    if (line) rest.push(line);
  if (g.messageId)
    rest.push(
      t("game:ending.board", { link: `https://discord.com/channels/${g.guildId}/${g.channelId}/${g.messageId}` }),
    );
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    // Nickar itself is never notified (the notice board leaves it out too).
    users: [g.southId, g.northId].filter((id) => !media.computer.is(id)),
    text: [t("game:ending.over", over), ...rest].join("\n"),
    direct: [t("game:ending.overDirect", over), ...rest].join("\n"),
    components: canRematch(game) ? [row(rematchButton(game, t))] : [],
  };
}

/**
 * The notice that asks the opponent to answer a draw offer, with Accept draw and Decline (in a
 * direct message: a link to the board, whose Offer draw button has become Accept draw). It replaces
 * the game's turn notice; a move or an answer replaces it in turn.
 */
export function drawOfferNotice(game: GameSnapshot, t: Translate): Notice {
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
    text: t("game:draw.offer", { by: user(by), id: g.id }),
    components: [
      row(
        button(id("draw-accept"), t("game:button.acceptDraw"), ButtonStyle.Success),
        button(id("draw-decline"), t("game:button.decline"), ButtonStyle.Secondary),
      ),
    ],
    ...(g.messageId && { jump: { guildId: g.guildId, channelId: g.channelId, messageId: g.messageId } }),
  };
}

/** Who moves first, by the challenge's choice. */
const FIRST = {
  me: "game:challenge.first.me",
  them: "game:challenge.first.them",
  random: "game:challenge.first.random",
} as const;

function challengeTerms(c: ChallengeRow, t: Translate): string {
  const values = {
    ruleset: term(RULESET_NAME[c.ruleset]),
    limit: timeLimitText(c.timeLimit, t),
    rated: t(c.rated ? "game:header.rated" : "game:header.unrated"),
  };
  if (c.kind === "series") {
    const start = t("game:challenge.seriesStart", { first: term(FIRST[c.first]) });
    return t("game:challenge.termsSeries", { ...values, firstTo: c.firstTo ?? 6, start });
  }
  const start = t(FIRST[c.first]);
  return t(c.kind === "ladder" ? "game:challenge.termsLadder" : "game:challenge.terms", { ...values, start });
}

export function challengeReply(c: ChallengeRow, t: Translate): Reply {
  const who = c.opponentId ? user(c.opponentId) : term("game:challenge.anyone");
  const challenger = user(c.challengerId);
  const ladder = c.kind === "ladder";
  const id = (action: "accept" | "decline" | "cancel"): CustomId => ({ type: "challenge", challengeId: c.id, action });
  switch (c.status) {
    case "pending": {
      const buttons = [button(id("accept"), t("game:button.accept"), ButtonStyle.Success)];
      if (c.opponentId) buttons.push(button(id("decline"), t("game:button.decline"), ButtonStyle.Danger));
      buttons.push(button(id("cancel"), t("game:button.cancel"), ButtonStyle.Secondary));
      const lines = [t("game:challenge.pending", { challenger, who, terms: challengeTerms(c, t) })];
      if (c.note) lines.push(noteText(t, c.note));
      lines.push(t(ladder ? "game:challenge.expiresLadder" : "game:challenge.expires", { time: time(c.expiresAt) }));
      return {
        content: lines.join("\n"),
        components: [row(...buttons)],
        mentions: c.opponentId ? [c.opponentId] : [],
      };
    }
    case "declined":
      return {
        content: t(ladder ? "game:challenge.declinedLadder" : "game:challenge.declined", {
          opponent: user(c.opponentId ?? ""),
          challenger,
        }),
        components: [],
      };
    case "cancelled":
      return { content: t("game:challenge.cancelled", { challenger, who }), components: [] };
    case "expired":
      return {
        content: t(ladder ? "game:challenge.expiredLadder" : "game:challenge.expired", {
          challenger,
          who,
          opponent: user(c.opponentId ?? ""),
        }),
        components: [],
      };
    case "accepted":
      return {
        content: t("game:challenge.accepted", { opponent: user(c.opponentId ?? ""), challenger }),
        components: [],
      };
  }
}

/** The reminder posted at half time. */
export function reminderReply(game: GameSnapshot, t: Translate): Reply {
  const { row: g, state } = game;
  const userId = state.position.toMove === 0 ? g.southId : g.northId;
  const link = g.messageId ? ` https://discord.com/channels/${g.guildId}/${g.channelId}/${g.messageId}` : "";
  const values = { player: user(userId), id: g.id, link };
  return {
    content:
      g.deadlineAt === null
        ? t("notices:reminder.soon", values)
        : t("notices:reminder.due", { ...values, time: time(g.deadlineAt) }),
    mentions: [userId],
  };
}

/**
 * The notice that tells the player to move it is their turn (see `Notice`). `board` is the game's
 * message when it is not bound yet (a challenge just accepted on its own message).
 */
export function turnNotice(game: GameSnapshot, t: Translate, board?: MessageRef): Notice {
  const { row: g, state } = game;
  const userId = state.position.toMove === 0 ? g.southId : g.northId;
  const values = {
    id: g.id,
    ruleset: term(RULESET_NAME[g.ruleset]),
    first: g.ply === 0 ? t("notices:turn.first") : "",
    deadline: g.deadlineAt === null ? "" : t("notices:turn.deadline", { time: time(g.deadlineAt) }),
  };
  const messageId = board?.messageId ?? g.messageId;
  const channelId = board?.channelId ?? g.channelId;
  return {
    key: gameNoticeKey(g.id),
    channelId: g.channelId,
    users: [userId],
    text: t("notices:turn.channel", values),
    direct: t("notices:turn.direct", values),
    ...(messageId && { jump: { guildId: g.guildId, channelId, messageId } }),
  };
}

/**
 * The notices after a change to a game: the player to move is told when the turn passed to them
 * (`moved`: a move was just played); once the game is over, its last turn notice goes away.
 */
export function gameNotices(game: GameSnapshot, moved: boolean, t: Translate): Notice[] {
  const { row: g, state } = game;
  if (g.status !== "active") return [clearNotice(gameNoticeKey(g.id), g.channelId)];
  // A Caribbean extra move keeps the turn: the player already knows, and was told last time.
  if (moved && game.last?.player !== state.position.toMove) return [turnNotice(game, t)];
  return [];
}
