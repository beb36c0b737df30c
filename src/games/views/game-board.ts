/**
 * The game's message: header (with the game id), what just happened, whose move it is or how the
 * game ended, the board image, and the buttons (the houses, Resign, Draw, Animate, Hint; after the
 * end Animate, Rematch, Analyse).
 */
import { ButtonStyle } from "discord-api-types/v10";
import { seriesFooter, seriesLines } from "../../competition/views/series.ts";
import { houseToPit, moveLetter, opponent } from "../../engine/index.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME, SIDE_NAME } from "../../i18n/terms.ts";
import { LEVEL_NAME } from "../../i18n/terms-views.ts";
import type { CustomId, GameAction } from "../../interactions/custom-id.ts";
import type { Reply } from "../../interactions/reply.ts";
import { button, mentions, type Row, relativeTime, row, type Voice } from "../../interactions/views/parts.ts";
import { narrateMove } from "../../present/narrate.ts";
import { timeLimitText } from "../../present/time-limit.ts";
import { hintsAllowed } from "../computer.ts";
import { type GameSnapshot, userOf } from "../snapshot.ts";
import { currentTakeback, requestedLetters, takebackLetters } from "../takebacks.ts";
import type { BoardFacts, Media } from "./board-facts.ts";
import { canRematch, ladderLine, ratingLine, rematchButton, resultOf } from "./ending.ts";

/** "alice took back C": the takeback that led to this position, or null when the game has moved on since. */
function takebackNarration(game: GameSnapshot, t: Translate): string | null {
  const undone = currentTakeback(game.row);
  if (!undone) return null;
  const by = userOf(game.row, game.state.position.toMove);
  return t("game:takeback.done", { player: user(by), moves: takebackLetters(game.state, undone).join(", ") });
}

/**
 * The narration of the move that led to this position (names as mentions), or of the takeback that did
 * ("alice took back C"); null at the start.
 */
export function narration(game: GameSnapshot, t: Translate): string | null {
  const takenBack = takebackNarration(game, t);
  if (takenBack) return takenBack;
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

function gameButtons(media: Media, game: GameSnapshot, t: Translate, takebacks: boolean): Row[] {
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
  // For the player whose move is the last (or, against Nickar, who has moved); Accept takeback once asked.
  const nickar = media.computer.seat(g);
  if (takebacks && (nickar === null ? state.ply > 0 : state.movers.includes(opponent(nickar)))) {
    const label = t(g.takebackBy === null ? "game:takeback.button.ask" : "game:takeback.button.accept");
    actions.push(button(id({ kind: "takeback" }), label, ButtonStyle.Secondary));
  }
  const rows = [row(house(1), house(2), house(3)), row(house(4), house(5), house(6)), row(...actions)];
  // The Activity, when served: the same game on a live board inside Discord (a fourth row of the five allowed).
  if (media.activity) rows.push(row(button(id({ kind: "board" }), t("game:button.board"), ButtonStyle.Primary)));
  return rows;
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

/** Whose move it is (mentioned, with the deadline), or that Nickar is thinking; and a draw offer. */
function turnLines(media: Media, game: GameSnapshot, t: Translate): { lines: string[]; pinged: string[] } {
  const { row: g, state } = game;
  const side = term(SIDE_NAME[state.position.toMove]);
  const lines: string[] = [];
  const pinged: string[] = [];
  if (media.computer.toMove(game)) {
    const level = g.level ? term(LEVEL_NAME[g.level]) : "";
    lines.push(t("game:message.thinking", { side, level }));
  } else {
    const userId = userOf(g, state.position.toMove);
    pinged.push(userId);
    lines.push(
      g.deadlineAt === null
        ? t("game:message.toMove", { player: user(userId), side })
        : t("game:message.toMoveDeadline", { player: user(userId), side, time: relativeTime(g.deadlineAt) }),
    );
  }
  if (g.drawOfferBy !== null) lines.push(t("game:message.drawOffered", { player: user(userOf(g, g.drawOfferBy)) }));
  if (g.takebackBy !== null) {
    const moves = requestedLetters(state, g.takebackBy, g.level !== null).join(", ");
    lines.push(t("game:takeback.pending", { player: user(userOf(g, g.takebackBy)), moves }));
  }
  return { lines, pinged };
}

/**
 * The game message: header (with the game id), what just happened, whose move it is (mentioned) or
 * the result with the rating changes and what it meant for a series or the ladder; board image; buttons.
 */
export function gameReply(media: Media, game: GameSnapshot, facts: BoardFacts, voice: Voice, extra?: string): Reply {
  const { row: g } = game;
  const { t, locale } = voice;
  const lines = [gameHeader(game, t)];
  const told = narration(game, t);
  if (told) lines.push(told);
  const pinged: string[] = [];
  if (g.status === "active") {
    const turn = turnLines(media, game, t);
    lines.push(...turn.lines);
    pinged.push(...turn.pinged);
  } else {
    lines.push(`**${resultOf(game, t)}**`);
    for (const line of [ratingLine(game, facts, t), ladderLine(game, facts, t)]) if (line) lines.push(line);
  }
  const series = seriesLines(game, facts.series, t);
  if (series.line) lines.push(series.line);
  if (extra) lines.push(extra);
  return {
    content: lines.join("\n"),
    components: gameButtons(media, game, t, facts.takebacks ?? false),
    mentions: pinged,
    image: once(async () => {
      const names = await playerNames(media, game);
      const name = (id: string) => (id === g.southId ? names[0] : names[1]);
      const footer = facts.series ? seriesFooter(facts.series, name, t) : undefined;
      const look = { footer, bannerNote: series.bannerNote?.(name), locale };
      // With animations on, a board that follows a move shows that move (the GIF opens and ends on the position).
      // After a takeback the board is still: there is no move to show.
      const gif = facts.animate && !currentTakeback(g) ? await media.images.moveGif(game, names, look) : null;
      const description = await media.images.boardAlt(game, names, look);
      if (gif) return { name: `nickar-${g.id}-${g.ply}.gif`, data: gif, description };
      return { name: `nickar-${g.id}-${g.ply}.png`, data: await media.images.boardPng(game, names, look), description };
    }),
  };
}
