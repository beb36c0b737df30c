/** The final podium: first in the middle and highest, second on the left, third on the right. */
import type { Translate } from "../../i18n/index.ts";
import { font } from "../../render/fonts.ts";
import { drawLabel } from "../../render/labels.ts";
import { ENGLISH } from "../../render/language.ts";
import { THEME } from "../../render/theme.ts";
import { CONTENT_TOP, fitted, MEDALS, tournamentCard } from "./tournament-card.ts";

export interface Podium {
  readonly title: string;
  readonly subtitle: string;
  /** First, second, third (fewer when the field was smaller); each a name and a score as written. */
  readonly places: readonly { readonly name: string; readonly score: string }[];
}

const WIDTH = 800;
const HEIGHT = 440;
const STEP = 200;
/** Each place's block: its column (0 left) and height. */
const BLOCKS = [
  { column: 1, height: 170 },
  { column: 0, height: 120 },
  { column: 2, height: 85 },
] as const;

export async function renderPodiumImage(data: Podium, t: Translate = ENGLISH): Promise<Buffer> {
  const { canvas, ctx } = tournamentCard(WIDTH, HEIGHT, data.title, data.subtitle);
  const floor = HEIGHT - 24;
  const left = (WIDTH - 3 * STEP) / 2;
  data.places.slice(0, 3).forEach((place, i) => {
    const { column, height } = BLOCKS[i];
    const x = left + column * STEP;
    const topY = floor - height;
    ctx.fillStyle = MEDALS[i];
    ctx.beginPath();
    ctx.roundRect(x + 8, topY, STEP - 16, height, [10, 10, 0, 0]);
    ctx.fill();
    ctx.textBaseline = "middle";
    ctx.font = font(700, 44);
    drawLabel(ctx, String(i + 1), x + STEP / 2, topY + Math.min(44, height / 2), {
      fill: THEME.cardBottom,
      align: "center",
    });
    ctx.font = font(700, 22);
    drawLabel(ctx, fitted(ctx, place.name, STEP - 12), x + STEP / 2, topY - 48, { fill: THEME.text, align: "center" });
    ctx.font = font(400, 20);
    drawLabel(ctx, t("board:tournament.scored", { score: place.score }), x + STEP / 2, topY - 20, {
      fill: THEME.textDim,
      align: "center",
    });
  });
  if (data.places.length === 0) {
    ctx.font = font(400, 20);
    drawLabel(ctx, t("board:tournament.nobody"), WIDTH / 2, CONTENT_TOP + 120, {
      fill: THEME.textDim,
      align: "center",
    });
  }
  return canvas.encode("png");
}
