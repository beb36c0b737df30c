/**
 * A Swiss tournament's crosstable: one row per player by rank, one column per round, each cell the
 * opponent's rank, the side played and the result (a bye "+", absent "–"), the score last. Results are
 * told by the cell's colour and its text both (green 1, grey ½, red 0).
 */
import type { Translate } from "../../i18n/index.ts";
import { font } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { drawTableFoot, fitted, MARGIN, MEDALS, SMALLEST, tableCard } from "./tournament-card.ts";

export type CrossCell =
  | { readonly opponentRank: number; readonly side: "S" | "N"; readonly result: "1" | "½" | "0" | null }
  | { readonly bye: true }
  | null;

export interface CrosstableRow {
  readonly rank: number;
  readonly name: string;
  readonly score: string;
  /** One per round played or paired so far; null: not paired (absent, withdrawn, not yet entered). */
  readonly cells: readonly CrossCell[];
}

export interface Crosstable {
  readonly title: string;
  readonly subtitle: string;
  readonly rows: readonly CrosstableRow[];
  readonly more: number;
}

export const CROSSTABLE_ROWS = 24;
const ROW = 38;
const CELL = 70;
const NAME = 230;
export const RESULT_COLOUR = {
  "1": "rgba(126,224,129,0.45)",
  "½": "rgba(179,169,155,0.35)",
  "0": "rgba(255,106,92,0.40)",
};

export async function renderCrosstableImage(data: Crosstable, t: Translate = ENGLISH): Promise<Buffer> {
  const roundsOf = (shown: readonly CrosstableRow[]) => Math.max(1, ...shown.map((r) => r.cells.length));
  const { rows, more, head, width, canvas, ctx } = tableCard(data, CROSSTABLE_ROWS, ROW, (shown) =>
    Math.max(800, MARGIN * 2 + 44 + NAME + roundsOf(shown) * CELL + 90),
  );
  const rounds = roundsOf(rows);
  const cellX = (i: number) => MARGIN + 44 + NAME + i * CELL;
  ctx.textBaseline = "middle";
  ctx.font = font(700, SMALLEST);
  drawLabel(ctx, "#", MARGIN + 18, head + ROW / 2, { fill: THEME.textDim, align: "center" });
  drawLabel(ctx, t("board:tournament.player"), MARGIN + 44, head + ROW / 2, { fill: THEME.textDim });
  for (let i = 0; i < rounds; i++) {
    drawLabel(ctx, t("board:tournament.roundShort", { round: i + 1 }), cellX(i) + CELL / 2, head + ROW / 2, {
      fill: THEME.textDim,
      align: "center",
    });
  }
  drawLabel(ctx, t("board:tournament.points"), width - MARGIN, head + ROW / 2, { fill: THEME.textDim, align: "right" });
  rows.forEach((row, r) => {
    const top = head + ROW * (r + 1);
    const mid = top + ROW / 2;
    ctx.font = font(700, 22);
    drawLabel(ctx, String(row.rank), MARGIN + 18, mid, {
      fill: MEDALS[row.rank - 1] ?? THEME.textDim,
      align: "center",
    });
    drawLabel(ctx, fitted(ctx, row.name, NAME - 12), MARGIN + 44, mid, { fill: THEME.text });
    ctx.font = font(400, SMALLEST);
    row.cells.forEach((cell, i) => {
      const x = cellX(i);
      let text = "–";
      if (cell && "bye" in cell) {
        text = "+";
        ctx.fillStyle = RESULT_COLOUR["1"];
        ctx.fillRect(x + 3, top + 3, CELL - 6, ROW - 6);
      } else if (cell) {
        // A game in progress: its opponent and side, no result yet.
        text = `${cell.opponentRank}${cell.side} ${cell.result ?? "…"}`;
        if (cell.result) {
          ctx.fillStyle = RESULT_COLOUR[cell.result];
          ctx.fillRect(x + 3, top + 3, CELL - 6, ROW - 6);
        }
      }
      drawLabel(ctx, text, x + CELL / 2, mid, { fill: cell ? THEME.text : THEME.textFaint, align: "center" });
    });
    ctx.font = font(700, 22);
    drawLabel(ctx, row.score, width - MARGIN, mid, { fill: THEME.text, align: "right" });
  });
  drawTableFoot(ctx, t, MARGIN + 44, head + ROW * 1.5, rows.length, ROW, more);
  return canvas.encode("png");
}
