/**
 * A knockout's standings as a picture (issue #33: not points and games): one row per player, the champion
 * first, then those still in, then those out by the round they went out in; each row says the round and
 * the match that decided it (who beat whom, by what series score) or the one being played. Players out are
 * drawn dim, and have a place; those still in have none yet ("–").
 */
import type { Translate } from "../../i18n/index.ts";
import { font, measuredWidth } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { drawTableFoot, fitted, MARGIN, MEDALS, SMALLEST, tableCard } from "./tournament-card.ts";

export interface KnockoutTableRow {
  /** Their shared place once decided (1, 2, 3, 5 …); null while still in. */
  readonly place: number | null;
  readonly name: string;
  /** The round of their match, as named over the bracket's columns ("Round 1", "Semi-finals", "Final"). */
  readonly stage: string;
  /** That match, as written: "beat carol 2–1", "lost 1–2 to carol", "playing dave: 1–1". */
  readonly result: string;
  /** Out of the knockout (beaten, or withdrawn): drawn dim. */
  readonly out: boolean;
}

export interface KnockoutTable {
  readonly title: string;
  readonly subtitle: string;
  readonly rows: readonly KnockoutTableRow[];
  readonly more: number;
}

export const KNOCKOUT_ROWS = 24;
const WIDTH = 800;
const ROW = 38;
const NAME_X = MARGIN + 52;
const STAGE_X = NAME_X + 200;

export async function renderKnockoutTableImage(data: KnockoutTable, t: Translate = ENGLISH): Promise<Buffer> {
  const { rows, more, head, canvas, ctx } = tableCard(data, KNOCKOUT_ROWS, ROW, WIDTH);
  ctx.textBaseline = "middle";
  // The round column as wide as its longest name, so the match line, the longest text, has the rest.
  ctx.font = font(400, SMALLEST);
  const stageWidth = Math.max(90, ...rows.map((r) => measuredWidth(ctx, r.stage)));
  const resultX = STAGE_X + Math.min(stageWidth, 170) + 20;
  ctx.font = font(700, SMALLEST);
  const labelY = head + ROW / 2;
  drawLabel(ctx, "#", MARGIN + 18, labelY, { fill: THEME.textDim, align: "center" });
  drawLabel(ctx, t("board:tournament.player"), NAME_X, labelY, { fill: THEME.textDim });
  drawLabel(ctx, fitted(ctx, t("board:tournament.round"), resultX - STAGE_X - 12), STAGE_X, labelY, {
    fill: THEME.textDim,
  });
  drawLabel(ctx, t("board:tournament.match"), resultX, labelY, { fill: THEME.textDim });
  rows.forEach((row, r) => {
    const top = head + ROW * (r + 1);
    const mid = top + ROW / 2;
    if (r % 2 === 0) {
      ctx.fillStyle = "rgba(192,133,80,0.16)";
      ctx.fillRect(MARGIN, top + 2, WIDTH - 2 * MARGIN, ROW - 4);
    }
    const fill = row.out ? THEME.textFaint : THEME.text;
    ctx.font = font(700, 22);
    drawLabel(ctx, row.place === null ? "–" : String(row.place), MARGIN + 18, mid, {
      fill: row.place === null ? THEME.textDim : (MEDALS[row.place - 1] ?? THEME.textDim),
      align: "center",
    });
    drawLabel(ctx, fitted(ctx, row.name, STAGE_X - NAME_X - 12), NAME_X, mid, { fill });
    ctx.font = font(400, SMALLEST);
    drawLabel(ctx, fitted(ctx, row.stage, resultX - STAGE_X - 12), STAGE_X, mid, { fill });
    drawLabel(ctx, fitted(ctx, row.result, WIDTH - MARGIN - resultX), resultX, mid, { fill });
  });
  drawTableFoot(ctx, t, NAME_X, head + ROW * 1.5, rows.length, ROW, more);
  return canvas.encode("png");
}
