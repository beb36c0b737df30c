/**
 * The messages of an analysis: queued, in progress ("analysing 12/48"), and the result (per-player
 * summary, the marked moves with the engine's best move, the advantage chart); and its lines in the
 * game viewer. Plain data only.
 */
import { isDecisive } from "../../ai/index.ts";
import type { AnalysisRow, GameRow } from "../../db/schema.ts";
import type { RulesetId } from "../../engine/index.ts";
import type { AnalysisReport, Mark, PlyReport } from "../../games/analysis-report.ts";
import { userOf } from "../../games/snapshot.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME, SIDE_NAME } from "../../i18n/terms.ts";
import { MARK_COUNT } from "../../render/advantage-marks.ts";
import type { App } from "../context.ts";
import type { Reply } from "../reply.ts";
import { clip } from "../text-budget.ts";
import type { Voice } from "./parts.ts";

/** Lichess's annotation signs. */
const SIGNS: Record<Mark, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** A mark's name. */
const MARK_NAME = {
  inaccuracy: "game:analysis.mark.inaccuracy",
  mistake: "game:analysis.mark.mistake",
  blunder: "game:analysis.mark.blunder",
} as const;
/** "Move 12 (D) was a blunder: lost 3.0; best E." */
const MARKED_MOVE = {
  inaccuracy: "game:analysis.viewer.inaccuracy",
  mistake: "game:analysis.viewer.mistake",
  blunder: "game:analysis.viewer.blunder",
} as const;

/** An engine score in seeds: "+2.5", "-0.5", or a proven result. */
export function scoreText(score: number, t: Translate): string {
  if (isDecisive(score)) return t(score > 0 ? "game:analysis.forcedWin" : "game:analysis.forcedLoss");
  return `${score > 0 ? "+" : ""}${score.toFixed(1)}`;
}

/** An evaluation from South's side, as the viewer and the summary say it. */
export function evaluationText(evaluation: number, t: Translate): string {
  if (Math.abs(evaluation) < 0.05) return t("game:analysis.level");
  const value = `${evaluation > 0 ? "+" : ""}${evaluation.toFixed(1)}`;
  return t("game:analysis.ahead", { value, side: term(SIDE_NAME[evaluation > 0 ? 0 : 1]) });
}

function title(game: GameRow, t: Translate): string {
  const id = game.ruleset as RulesetId;
  const ruleset = id in RULESET_NAME ? t(RULESET_NAME[id]) : game.ruleset;
  return t("game:analysis.title", { id: game.id, ruleset, south: user(game.southId), north: user(game.northId) });
}

export function queuedReply(game: GameRow, row: AnalysisRow, ahead: number, t: Translate): Reply {
  const waiting =
    row.status === "running"
      ? t("game:analysis.progress", { title: title(game, t), done: row.done, total: row.total })
      : t("game:analysis.queued", { title: title(game, t), count: ahead });
  return { content: waiting, mentions: [] };
}

export function progressReply(game: GameRow, done: number, total: number, t: Translate): Reply {
  return { content: t("game:analysis.progress", { title: title(game, t), done, total }), mentions: [] };
}

function markedLine(p: PlyReport, t: Translate): string {
  const mark = p.mark!;
  const best = p.best ? t("game:analysis.best", { best: p.best }) : "";
  return `${p.ply}. ${p.letter}${SIGNS[mark]} ${t(MARK_NAME[mark])} (−${p.loss.toFixed(1)}${best})`;
}

/** The result: who played how well, the marked moves, and the advantage chart (in `voice`'s language). */
export function analysisReply(
  app: Pick<App, "images">,
  game: GameRow,
  row: AnalysisRow,
  report: AnalysisReport,
  voice: Voice,
): Reply {
  const { t, locale } = voice;
  const seconds = (row.budgetMs / 1000).toFixed(1);
  const lines = [t("game:analysis.header", { title: title(game, t), seconds })];
  for (const player of [0, 1] as const) {
    const s = report.summary[player];
    const id = userOf(game, player);
    const counts = (["inaccuracy", "mistake", "blunder"] as const)
      .map((m) => t(MARK_COUNT[m], { count: s[m] }))
      .join(" · ");
    lines.push(
      t("game:analysis.player", {
        side: term(SIDE_NAME[player]),
        player: user(id),
        loss: s.averageLoss.toFixed(2),
        counts,
      }),
    );
  }
  const marked = report.plies.filter((p) => p.mark !== null);
  lines.push(
    marked.length
      ? t("game:analysis.marked", { moves: marked.map((p) => markedLine(p, t)).join(" · ") })
      : t("game:analysis.noneMarked"),
  );
  lines.push(t("game:analysis.seeViewer", { id: game.id }));
  const names = marked.map((p) => ({ ply: p.ply, mark: p.mark! }));
  return {
    content: clip(lines.join("\n")),
    mentions: [],
    image: async () => ({
      name: `nickar-${game.id}-analysis.png`,
      data: await app.images.advantageChart(
        t("game:analysis.chartTitle", { id: game.id }),
        report.evaluations,
        names,
        locale,
      ),
    }),
  };
}

/** The viewer's lines for the position after `ply` moves of an analysed game. */
export function viewerAnalysisLines(report: AnalysisReport, ply: number, t: Translate): string[] {
  const lines = [t("game:analysis.evaluation", { evaluation: evaluationText(report.evaluations[ply] ?? 0, t) })];
  const move = report.plies[ply - 1];
  if (move?.mark)
    lines.push(
      t(MARKED_MOVE[move.mark], { ply, letter: move.letter, loss: move.loss.toFixed(1), best: move.best ?? "" }),
    );
  else if (move?.best) lines.push(t("game:analysis.viewer.preferred", { ply, letter: move.letter, best: move.best }));
  return lines;
}
