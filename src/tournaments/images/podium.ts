/** The final podium: first in the middle and highest, second on the left, third on the right. */
import type { Translate } from "../../i18n/index.ts";
import { font, measuredWidth } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { breakLines } from "./card-heading.ts";
import { fitted, heading, MEDALS, tournamentCard } from "./tournament-card.ts";

export interface PodiumPlace {
  /** The name, or the names of the players sharing the place ("erin · bob"). */
  readonly name: string;
  /** What earned it, as written: "3 points", "won the final 2–1". */
  readonly detail: string;
}

export interface Podium {
  readonly title: string;
  readonly subtitle: string;
  /** First, second, third (fewer when the field was smaller). */
  readonly places: readonly PodiumPlace[];
}

const WIDTH = 800;
/** The podium's room below the heading. */
const STAGE = 344;
const STEP = 200;
/** Each place's block: its column (0 left) and height. */
const BLOCKS = [
  { column: 1, height: 170 },
  { column: 0, height: 120 },
  { column: 2, height: 85 },
] as const;

export async function renderPodiumImage(data: Podium, t: Translate = ENGLISH): Promise<Buffer> {
  const card = heading(data.title, data.subtitle, WIDTH);
  const height = card.contentTop + STAGE;
  const { canvas, ctx } = tournamentCard(WIDTH, height, card);
  const floor = height - 24;
  const left = (WIDTH - 3 * STEP) / 2;
  data.places.slice(0, 3).forEach((place, i) => {
    const { column, height: block } = BLOCKS[i];
    const x = left + column * STEP;
    const topY = floor - block;
    ctx.fillStyle = MEDALS[i];
    ctx.beginPath();
    ctx.roundRect(x + 8, topY, STEP - 16, block, [10, 10, 0, 0]);
    ctx.fill();
    ctx.textBaseline = "middle";
    ctx.font = font(700, 44);
    drawLabel(ctx, String(i + 1), x + STEP / 2, topY + Math.min(44, block / 2), {
      fill: THEME.cardBottom,
      align: "center",
    });
    // The detail on up to two lines, broken between phrases (never cut), the name above it.
    ctx.font = font(400, 20);
    const lines = breakLines(place.detail, STEP - 8, (s) => measuredWidth(ctx, s)).slice(0, 2);
    lines.forEach((line, j) => {
      drawLabel(ctx, line, x + STEP / 2, topY - 20 - (lines.length - 1 - j) * 24, {
        fill: THEME.textDim,
        align: "center",
      });
    });
    ctx.font = font(700, 22);
    const nameY = topY - 48 - (Math.max(lines.length, 1) - 1) * 24;
    drawLabel(ctx, fitted(ctx, place.name, STEP - 12), x + STEP / 2, nameY, { fill: THEME.text, align: "center" });
  });
  if (data.places.length === 0) {
    ctx.font = font(400, 20);
    drawLabel(ctx, t("board:tournament.nobody"), WIDTH / 2, card.contentTop + 120, {
      fill: THEME.textDim,
      align: "center",
    });
  }
  return canvas.encode("png");
}
