/**
 * The messages of an analysis: queued, in progress ("analysing 12/48"), and the result (per-player
 * summary, the marked moves with the engine's best move, the advantage chart); and its lines in the
 * game viewer. Plain data only.
 */
import { type EndgameVerdict, isDecisive } from "../../ai/index.ts";
import type { AnalysisRow, GameRow } from "../../db/schema.ts";
import type { RulesetId } from "../../engine/index.ts";
import { moveLabel, type NumberedMoves } from "../../engine/internal.ts";
import { type Translate, term, user } from "../../i18n/index.ts";
import { RULESET_NAME, SIDE_NAME } from "../../i18n/terms.ts";
import type { App } from "../../interactions/context.ts";
import type { Reply } from "../../interactions/reply.ts";
import { clip, MESSAGE_LIMIT } from "../../interactions/text-budget.ts";
import type { Voice } from "../../interactions/views/parts.ts";
import { MARK_COUNT } from "../../present/images.ts";
import type { AnalysisReport, Mark, PlyReport } from "../analysis-report.ts";
import { userOf } from "../snapshot.ts";

/** Lichess's annotation signs. */
const SIGNS: Record<Mark, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };
/** A mark's name. */
const MARK_NAME = {
  inaccuracy: "game:analysis.mark.inaccuracy",
  mistake: "game:analysis.mark.mistake",
  blunder: "game:analysis.mark.blunder",
} as const;
/** "12. D was a blunder: lost 6.0; best E." */
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

/** "won endgame for South, 26–22 with best play": what the endgame table decided. */
export function endgameText(verdict: EndgameVerdict, t: Translate): string {
  const score = verdict.stores && { south: verdict.stores[0], north: verdict.stores[1] };
  if (verdict.winner === null)
    return score ? t("game:analysis.endgame.drawn", score) : t("game:analysis.endgame.drawnUnscored");
  const side = term(SIDE_NAME[verdict.winner]);
  return score ? t("game:analysis.endgame.won", { side, ...score }) : t("game:analysis.endgame.wonUnscored", { side });
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
      : ahead === 0
        ? t("game:analysis.queuedNext", { title: title(game, t) })
        : t("game:analysis.queued", { title: title(game, t), count: ahead });
  return { content: waiting, mentions: [] };
}

export function progressReply(game: GameRow, done: number, total: number, t: Translate): Reply {
  return { content: t("game:analysis.progress", { title: title(game, t), done, total }), mentions: [] };
}

/** The analysed game's moves, from its report: what the move labels ("23. E", "23… e") are read from. */
function movesOf(report: AnalysisReport): NumberedMoves {
  return { history: report.plies.map((p) => p.house), movers: report.plies.map((p) => p.player) };
}

/** "- 23. E?? blunder (−6.0, best D)": the move as the record numbers it, its mark and the engine's move. */
function markedLine(p: PlyReport, moves: NumberedMoves, t: Translate): string {
  const mark = p.mark!;
  const best = p.best ? t("game:analysis.best", { best: p.best }) : "";
  return `- ${moveLabel(moves, p.ply)}${SIGNS[mark]} ${t(MARK_NAME[mark])} (−${p.loss.toFixed(1)}${best})`;
}

/**
 * The marked moves, one line each, in game order. When they do not all fit in a message with `around`
 * (the lines before and after them), the worst (largest loss) are kept and the last line says how many
 * more there are and how to open the viewer at the first of them.
 */
export function markedLines(report: AnalysisReport, gameId: string, around: readonly string[], t: Translate): string[] {
  const marked = report.plies.filter((p) => p.mark !== null);
  if (marked.length === 0) return [t("game:analysis.noneMarked")];
  const moves = movesOf(report);
  const head = t("game:analysis.marked");
  const fits = (lines: readonly string[]) => [...around, ...lines].join("\n").length <= MESSAGE_LIMIT;
  const all = [head, ...marked.map((p) => markedLine(p, moves, t))];
  if (fits(all)) return all;
  const worst = [...marked].sort((a, b) => b.loss - a.loss || a.ply - b.ply);
  let lines: string[] = [];
  for (let kept = marked.length - 1; kept >= 0; kept--) {
    const shown = worst.slice(0, kept).sort((a, b) => a.ply - b.ply);
    const left = worst.slice(kept);
    const first = Math.min(...left.map((p) => p.ply));
    const more = t("game:analysis.moreMarked", { count: left.length, id: gameId, move: moveLabel(moves, first) });
    lines = [head, ...shown.map((p) => markedLine(p, moves, t)), more];
    if (fits(lines)) break;
  }
  return lines;
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
  if (report.decided) {
    const { ply, verdict } = report.decided;
    const text = endgameText(verdict, t);
    lines.push(
      ply === 0
        ? t("game:analysis.endgame.decidedFromStart", { verdict: text })
        : t("game:analysis.endgame.decided", { move: moveLabel(movesOf(report), ply), verdict: text }),
    );
  }
  const seeViewer = t("game:analysis.seeViewer", { id: game.id });
  lines.push(...markedLines(report, game.id, [...lines, seeViewer], t), seeViewer);
  const names = report.plies.flatMap((p) => (p.mark ? [{ ply: p.ply, mark: p.mark }] : []));
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
        movesOf(report).movers,
      ),
    }),
  };
}

/** The viewer's lines for the position after `ply` moves of an analysed game. */
export function viewerAnalysisLines(report: AnalysisReport, ply: number, t: Translate): string[] {
  const decided = report.endgames[ply];
  const evaluation = decided ? endgameText(decided, t) : evaluationText(report.evaluations[ply] ?? 0, t);
  const lines = [t("game:analysis.evaluation", { evaluation })];
  const move = report.plies[ply - 1];
  if (!move) return lines;
  const label = moveLabel(movesOf(report), ply);
  if (move.mark)
    lines.push(t(MARKED_MOVE[move.mark], { move: label, loss: move.loss.toFixed(1), best: move.best ?? "" }));
  else if (move.best) lines.push(t("game:analysis.viewer.preferred", { move: label, best: move.best }));
  return lines;
}
