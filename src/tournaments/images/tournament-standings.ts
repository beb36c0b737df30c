/** The standings image of a tournament (any format): rank, name, score, tie-breaks, games, the flame. */
import type { Translate } from "../../i18n/index.ts";
import { font, measuredWidth } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { drawFlame, drawTableFoot, fitted, MARGIN, MEDALS, SMALLEST, tableCard } from "./tournament-card.ts";

export interface StandingRow {
  readonly rank: number;
  readonly name: string;
  /** The score as written ("3½", "12"). */
  readonly score: string;
  /** The tie-breaks as written, in the order of `tieBreakNames`. */
  readonly tieBreaks: readonly string[];
  readonly played: number;
  /** An arena player on a streak: the next win counts double. */
  readonly flame: boolean;
  readonly withdrawn: boolean;
}

export interface StandingsImage {
  readonly title: string;
  readonly subtitle: string;
  /** Short column names of the tie-breaks ("Buch.", "SB"); none for an arena or a knockout. */
  readonly tieBreakNames: readonly string[];
  readonly rows: readonly StandingRow[];
  /** Players left out below the last row. */
  readonly more: number;
}

/** At most this many rows are drawn; the caller says how many more there are. */
export const STANDINGS_ROWS = 24;
const WIDTH = 800;
const ROW = 38;
const COLUMN = 86;

export async function renderStandingsImage(data: StandingsImage, t: Translate = ENGLISH): Promise<Buffer> {
  const { rows, more, head, canvas, ctx } = tableCard(data, STANDINGS_ROWS, ROW, WIDTH);
  // Columns from the right: games, the tie-breaks, the score.
  const numbers = [t("board:tournament.games"), ...[...data.tieBreakNames].reverse(), t("board:tournament.points")];
  const right = (i: number) => WIDTH - MARGIN - i * COLUMN;
  ctx.textBaseline = "middle";
  ctx.font = font(700, SMALLEST);
  drawLabel(ctx, "#", MARGIN + 18, head + ROW / 2, { fill: THEME.textDim, align: "center" });
  drawLabel(ctx, t("board:tournament.player"), MARGIN + 52, head + ROW / 2, { fill: THEME.textDim });
  numbers.forEach((name, i) => {
    drawLabel(ctx, fitted(ctx, name, COLUMN - 8), right(i), head + ROW / 2, { fill: THEME.textDim, align: "right" });
  });
  const nameRoom = right(numbers.length - 1) - COLUMN - MARGIN - 52;
  rows.forEach((row, r) => {
    const top = head + ROW * (r + 1);
    const mid = top + ROW / 2;
    if (r % 2 === 0) {
      ctx.fillStyle = "rgba(192,133,80,0.16)";
      ctx.fillRect(MARGIN, top + 2, WIDTH - 2 * MARGIN, ROW - 4);
    }
    ctx.font = font(700, 22);
    drawLabel(ctx, String(row.rank), MARGIN + 18, mid, {
      fill: MEDALS[row.rank - 1] ?? THEME.textDim,
      align: "center",
    });
    const name = fitted(ctx, row.name, nameRoom - (row.flame ? 30 : 0));
    drawLabel(ctx, name, MARGIN + 52, mid, { fill: row.withdrawn ? THEME.textFaint : THEME.text });
    if (row.flame) drawFlame(ctx, MARGIN + 52 + measuredWidth(ctx, name) + 16, mid + 11, 22);
    ctx.font = font(400, SMALLEST);
    const values = [String(row.played), ...[...row.tieBreaks].reverse(), row.score];
    values.forEach((v, i) => {
      ctx.font = font(i === values.length - 1 ? 700 : 400, i === values.length - 1 ? 22 : SMALLEST);
      drawLabel(ctx, v, right(i), mid, { fill: i === values.length - 1 ? THEME.text : THEME.textDim, align: "right" });
    });
  });
  drawTableFoot(ctx, t, MARGIN + 52, head + ROW * 1.5, rows.length, ROW, more);
  return canvas.encode("png");
}
