/**
 * The game viewer of `/nickar game <id>`: the record in docs/rules.md notation, the position string and
 * the board after any move (last move highlighted), with buttons to step through it. Each button id
 * carries the game and the ply to show, so the viewer survives restarts.
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { GameRow } from "../../db/schema.ts";
import { formatPosition, type GameState, moveLetter } from "../../engine/index.ts";
import { moveLabel, moveNumbers } from "../../engine/internal.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { App } from "../../interactions/context.ts";
import type { ViewNav } from "../../interactions/custom-id.ts";
import type { Reply } from "../../interactions/reply.ts";
import { clip, MESSAGE_LIMIT } from "../../interactions/text-budget.ts";
import { button, row, type Voice } from "../../interactions/views/parts.ts";
import { type GameSnapshot, snapshotsAt } from "../snapshot.ts";
import { viewerAnalysisLines } from "./analysis.ts";
import { resultOf } from "./ending.ts";
import { narration, playerNames } from "./game-board.ts";

/** The longest record shown; the whole record is in /nickar export anyway. */
const MAX_RECORD = 1200;
const MAX_STATUS = 400;

export function dateText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function statusText(row: GameRow, final: GameSnapshot, t: Translate): string {
  if (row.status === "active") return t("game:viewer.inProgress");
  const result = resultOf(final, t);
  if (row.voidedAt === null) return result;
  return t("game:viewer.void", { result, reason: row.voidReason ?? term("game:viewer.voidedByAdmin") });
}

/**
 * The record numbered by move, as the export writes it: "1. D a  2. C e …". A number starts with South's
 * move after North's, so a Caribbean extra move stays in its number ("3. E F b"): the numbering of
 * engine/move-numbers.ts, which the viewer's other lines and `move:` use too.
 */
export function numberedRecord(state: GameState): string {
  const entries: string[][] = [];
  moveNumbers(state.movers).forEach(({ number }, i) => {
    if (entries.length < number) entries.push([]);
    entries[number - 1].push(moveLetter(state.movers[i], state.history[i]));
  });
  return entries.map((letters, i) => `${i + 1}. ${letters.join(" ")}`).join("  ");
}

/** The position string; an ended game's has no side to move (nobody is to move). */
export function positionText(game: GameSnapshot): string {
  const text = formatPosition(game.state.position);
  return isOver(game) ? text.replace(/-[SN]$/, "") : text;
}

function isOver(game: GameSnapshot): boolean {
  return game.row.status !== "active" || game.state.outcome.over;
}

/** "After 23. E (last move 26… c): …", the move shown and the record's last, as the record numbers them. */
function viewerMoveLine(final: GameState, shown: number, told: string, t: Translate): string {
  const total = final.ply;
  if (total === 0) return t("game:viewer.startEmpty");
  const last = moveLabel(final, total);
  if (shown === 0) return t("game:viewer.start", { last });
  if (shown === total) return t("game:viewer.moveLast", { move: last, narration: told });
  return t("game:viewer.move", { move: moveLabel(final, shown), last, narration: told });
}

/** The viewer, privately, in the viewer's language (`voice`; the server's when the caller gives none). */
export function viewerReply(app: App, game: GameRow, ply: number, voice: Voice): Reply {
  const { t, locale } = voice;
  const { shown: at, final } = snapshotsAt(game, ply);
  const total = final.state.ply;
  const shown = at.state.ply;
  const record = numberedRecord(final.state);
  const lines = [
    t("game:viewer.header", {
      id: game.id,
      ruleset: term(RULESET_NAME[game.ruleset]),
      south: user(game.southId),
      north: user(game.northId),
      date: dateText(game.finishedAt ?? game.createdAt),
    }),
    // An admin's cancel or void reason is free text: it must not push the record out.
    `**${clip(statusText(game, final, t), MAX_STATUS)}**`,
    "",
    viewerMoveLine(final.state, shown, narration(at, t) ?? "", t),
    t(isOver(at) ? "game:viewer.positionOver" : "game:viewer.position", { position: positionText(at) }),
  ];
  // Once the game is analysed: the evaluation here and what the engine thought of the move.
  const analysed = app.analyses.report(game.id);
  if (analysed) lines.push(...viewerAnalysisLines(analysed.report, shown, t));
  // The record gets what the other lines leave of Discord's 2000 characters (the whole of it is in /nickar export).
  const room = Math.min(
    MAX_RECORD,
    MESSAGE_LIMIT - lines.join("\n").length - t("game:viewer.record", { record: "" }).length,
  );
  const cut = record.length > room ? `${record.slice(0, Math.max(0, room - 1))}…` : record;
  lines[2] = t("game:viewer.record", { record: cut });
  const step = (nav: ViewNav, target: number, label: string) =>
    button({ type: "view", gameId: game.id, ply: target, nav }, label, ButtonStyle.Secondary, target === shown);
  return {
    content: clip(lines.join("\n")),
    mentions: [],
    ephemeral: true,
    components: [
      row(
        step("first", 0, t("game:viewer.first")),
        step("back", Math.max(0, shown - 1), t("game:viewer.back")),
        step("forward", Math.min(total, shown + 1), t("game:viewer.forward")),
        step("last", total, t("game:viewer.last")),
      ),
    ],
    image: async () => {
      const names = await playerNames(app, at);
      const look = { locale };
      return {
        name: `nickar-${game.id}-move-${shown}.png`,
        data: await app.images.boardPng(at, names, look),
        description: await app.images.boardAlt(at, names, look),
      };
    },
  };
}
