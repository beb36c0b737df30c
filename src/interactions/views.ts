/** Builds the messages: the game board with its buttons, and the challenge. Plain data only. */
import { type APIActionRowComponent, type APIButtonComponent, ButtonStyle, ComponentType } from "discord-api-types/v10";
import type { ChallengeRow } from "../db/schema.ts";
import { houseToPit, moveLetter, type Player, rulesetName } from "../engine/index.ts";
import { narrateMove, resultText, SIDE_NAMES } from "../games/narrate.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { formatTimeLimit } from "../games/time.ts";
import type { App } from "./context.ts";
import { type CustomId, formatCustomId, type GameAction } from "./custom-id.ts";
import type { Reply } from "./reply.ts";
import { seriesFooter, seriesLine } from "./series-view.ts";

type Row = APIActionRowComponent<APIButtonComponent>;

type Style = ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger;

function button(id: CustomId, label: string, style: Style, disabled = false): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: formatCustomId(id), label, style, disabled };
}

function row(...components: APIButtonComponent[]): Row {
  return { type: ComponentType.ActionRow, components };
}

const time = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

/** The narration of the move that led to this position, or null at the start. */
export function narration(game: GameSnapshot): string | null {
  if (!game.last) return null;
  return narrateMove({
    ruleset: game.state.ruleset,
    player: game.last.player,
    house: game.last.house,
    events: game.last.events,
    stores: game.state.position.stores,
  });
}

export function gameHeader(game: GameSnapshot): string {
  const { row: g } = game;
  const ruleset = rulesetName(g.ruleset);
  const rated = g.voidedAt !== null ? "void" : g.rated ? "rated" : "unrated";
  const kind = g.ladderChallengerId ? " · ladder game" : g.seriesGame ? ` · series game ${g.seriesGame}` : "";
  return `**${ruleset}** · <@${g.southId}> (South) vs <@${g.northId}> (North) · ${formatTimeLimit(g.timeLimit)} per move · ${rated}${kind}`;
}

function gameButtons(game: GameSnapshot): Row[] {
  const { row: g, state } = game;
  const id = (action: GameAction): CustomId => ({ type: "game", gameId: g.id, ply: g.ply, action });
  const animate = button(id({ kind: "animate" }), "Animate", ButtonStyle.Secondary, !game.last);
  if (g.status !== "active") return game.last ? [row(animate)] : [];
  const player = state.position.toMove;
  const house = (h: number) => {
    const legal = state.legalMoves.includes(h);
    const label = `${moveLetter(player, h)} · ${state.position.pits[houseToPit(player, h)]}`;
    return button(id({ kind: "move", house: h }), label, legal ? ButtonStyle.Primary : ButtonStyle.Secondary, !legal);
  };
  const drawLabel = g.drawOfferBy === null ? "Offer draw" : `Accept draw (${SIDE_NAMES[g.drawOfferBy]} offers)`;
  return [
    row(house(1), house(2), house(3)),
    row(house(4), house(5), house(6)),
    row(
      button(id({ kind: "resign" }), "Resign", ButtonStyle.Danger),
      button(id({ kind: "draw" }), drawLabel, ButtonStyle.Secondary),
      animate,
    ),
  ];
}

/** Display names of South and North, for the images (looked up together). */
export async function playerNames(app: App, game: GameSnapshot): Promise<[string, string]> {
  const { row: g } = game;
  return Promise.all([app.displayName(g.guildId, g.southId), app.displayName(g.guildId, g.northId)]);
}

/** Renders once however often it is asked: one board can be both the answer and an edit of the game's message. */
function once<T>(render: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | null = null;
  return () => {
    result ??= render();
    return result;
  };
}

/** The game message: header, what just happened, whose move it is (mentioned) or the result; board image; buttons. */
export function gameReply(app: App, game: GameSnapshot, extra?: string): Reply {
  const { row: g, state } = game;
  const lines = [gameHeader(game)];
  const told = narration(game);
  if (told) lines.push(told);
  const mentions: string[] = [];
  if (g.status === "active") {
    const player: Player = state.position.toMove;
    const userId = player === 0 ? g.southId : g.northId;
    mentions.push(userId);
    const deadline = g.deadlineAt === null ? "" : ` · time runs out ${time(g.deadlineAt)}`;
    lines.push(`<@${userId}> to move (${SIDE_NAMES[player]})${deadline}`);
    if (g.drawOfferBy !== null) lines.push(`${SIDE_NAMES[g.drawOfferBy]} offers a draw.`);
  } else {
    lines.push(`**${resultText(g, SIDE_NAMES, state.position.stores)}**`);
  }
  const series = g.seriesId ? app.series.summary(g.seriesId) : null;
  if (series) lines.push(seriesLine(series));
  if (extra) lines.push(extra);
  return {
    content: lines.join("\n"),
    components: gameButtons(game),
    mentions,
    image: once(async () => {
      const names = await playerNames(app, game);
      const footer = series ? seriesFooter(series, (id) => (id === g.southId ? names[0] : names[1])) : undefined;
      // With animations on, a board that follows a move shows that move (the GIF ends on the position).
      const gif = app.settings.get(g.guildId).animateMoves ? await app.images.moveGif(game, names, footer) : null;
      if (gif) return { name: `nickar-${g.id}-${g.ply}.gif`, data: gif };
      return { name: `nickar-${g.id}-${g.ply}.png`, data: await app.images.boardPng(game, names, footer) };
    }),
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
      if (c.note) lines.push(c.note);
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
