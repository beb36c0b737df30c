/**
 * The render worker's task function (run by piscina in a worker thread, see pool.ts). Each thread
 * registers the fonts and builds its own board background and palette once, when it starts, so the
 * first board it is asked for costs no more than the others. It runs at a lower priority than the
 * bot's main thread unless the host says otherwise (src/workers/priority.ts).
 */
import { workerData } from "node:worker_threads";
import { renderTournamentImage } from "../tournaments/images/tournament-image.ts";
import { applyWorkerPriority } from "../workers/priority.ts";
import { renderAdvantageChart } from "./advantage-chart.ts";
import { background } from "./background.ts";
import { renderLadderImage, renderRatingChart } from "./chart.ts";
import { describeBoard } from "./describe.ts";
import { fontsFor, registerFonts } from "./fonts.ts";
import { renderMoveGif } from "./gif.ts";
import { translatorFor } from "./language.ts";
import { renderLineGif } from "./line-gif.ts";
import { paletteFor } from "./palette.ts";
import { renderBoardPng } from "./png.ts";
import type { RenderTask } from "./task.ts";

applyWorkerPriority(workerData?.priority);
registerFonts();
background(1);
paletteFor(1);

export default async function render(task: RenderTask): Promise<Buffer | string> {
  const { locale } = task;
  // The fallback fonts for the names and titles it carries (the rest is measured or drawn as a label first).
  fontsFor(JSON.stringify(task));
  const t = translatorFor(locale);
  switch (task.kind) {
    case "board":
      return renderBoardPng(task.view, { locale });
    case "animation":
      return renderMoveGif(task.view, { locale });
    case "line":
      return renderLineGif(task.views, { locale, opening: task.opening });
    case "board-alt":
      return describeBoard(task.view, t);
    case "rating-chart":
      return renderRatingChart(task.title, task.points, t, task.unit);
    case "ladder":
      return renderLadderImage(task.title, task.rungs, task.more, t);
    case "tournament":
      return renderTournamentImage(task.image, t);
    case "advantage-chart":
      return renderAdvantageChart(task.title, task.evaluations, task.marks, t, task.movers);
  }
}
