/**
 * The messages of an analysis: queued, in progress ("analysing 12/48"), and the result (per-player
 * summary, the marked moves with the engine's best move, the advantage chart); and its lines in the
 * game viewer. Plain data only.
 */
import { isDecisive } from "../ai/index.ts";
import type { AnalysisRow, GameRow } from "../db/schema.ts";
import { RULESETS, type RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { AnalysisReport, Mark, PlyReport } from "../games/analysis-report.ts";
import { SIDE_NAMES } from "../present/narrate.ts";
import type { HandlerContext } from "./context.ts";
import type { Reply, Response } from "./reply.ts";
import { clip } from "./text-budget.ts";

/** Lichess's annotation signs. */
const SIGNS: Record<Mark, string> = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const PLURALS: Record<Mark, string> = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

/** An engine score in seeds: "+2.5", "-0.5", or a proven result. */
export function scoreText(score: number): string {
  if (isDecisive(score)) return score > 0 ? "a forced win" : "a forced loss";
  return `${score > 0 ? "+" : ""}${score.toFixed(1)}`;
}

/** An evaluation from South's side, as the viewer and the summary say it. */
export function evaluationText(evaluation: number): string {
  if (Math.abs(evaluation) < 0.05) return "0.0 (level)";
  const side = evaluation > 0 ? SIDE_NAMES[0] : SIDE_NAMES[1];
  return `${evaluation > 0 ? "+" : ""}${evaluation.toFixed(1)} (${side} ahead)`;
}

function title(game: GameRow): string {
  const ruleset = RULESETS[game.ruleset as RulesetId]?.name ?? game.ruleset;
  return `game \`${game.id}\` · ${ruleset} · <@${game.southId}> (South) vs <@${game.northId}> (North)`;
}

export function queuedReply(game: GameRow, row: AnalysisRow, ahead: number): Reply {
  const waiting =
    row.status === "running"
      ? `Analysing ${title(game)}… ${row.done}/${row.total}`
      : `Analysis of ${title(game)} queued: ${ahead} analysis${ahead === 1 ? "" : "es"} of this server ${ahead === 1 ? "runs" : "run"} first (one at a time).`;
  return { content: waiting, mentions: [] };
}

export function progressReply(game: GameRow, done: number, total: number): Reply {
  return { content: `Analysing ${title(game)}… ${done}/${total}`, mentions: [] };
}

function markedLine(p: PlyReport): string {
  const best = p.best ? `, best ${p.best}` : "";
  return `${p.ply}. ${p.letter}${SIGNS[p.mark!]} ${p.mark} (−${p.loss.toFixed(1)}${best})`;
}

/** The result: who played how well, the marked moves, and the advantage chart. */
export function analysisReply(
  ctx: Pick<HandlerContext, "app">,
  game: GameRow,
  row: AnalysisRow,
  report: AnalysisReport,
): Reply {
  const { app } = ctx;
  const seconds = (row.budgetMs / 1000).toFixed(1);
  const lines = [`**Analysis of ${title(game)}** · expert engine, ${seconds} s per position`];
  for (const player of [0, 1] as const) {
    const s = report.summary[player];
    const id = player === 0 ? game.southId : game.northId;
    const counts = (["inaccuracy", "mistake", "blunder"] as const)
      .map((m) => `${s[m]} ${s[m] === 1 ? m : PLURALS[m]}`)
      .join(" · ");
    lines.push(`${SIDE_NAMES[player]} <@${id}>: average loss ${s.averageLoss.toFixed(2)} seeds · ${counts}`);
  }
  const marked = report.plies.filter((p) => p.mark !== null);
  lines.push(marked.length ? `Marked moves: ${marked.map(markedLine).join(" · ")}` : "No move marked.");
  lines.push(`\`/nickar game id:${game.id}\` shows the evaluation and the best move at every move.`);
  const names = marked.map((p) => ({ ply: p.ply, mark: p.mark! }));
  return {
    content: clip(lines.join("\n")),
    mentions: [],
    image: async () => ({
      name: `nickar-${game.id}-analysis.png`,
      data: await app.images.advantageChart(
        `Game ${game.id} · evaluation (South up, North down)`,
        report.evaluations,
        names,
      ),
    }),
  };
}

/** The viewer's lines for the position after `ply` moves of an analysed game. */
export function viewerAnalysisLines(report: AnalysisReport, ply: number): string[] {
  const lines = [`Evaluation: ${evaluationText(report.evaluations[ply] ?? 0)}`];
  const move = report.plies[ply - 1];
  if (move?.mark)
    lines.push(`Move ${ply} (${move.letter}) was a ${move.mark}: lost ${move.loss.toFixed(1)}; best ${move.best}.`);
  else if (move?.best) lines.push(`Move ${ply} (${move.letter}): the engine preferred ${move.best}.`);
  return lines;
}

/** The Analyse button and `/nickar analyse`: the stored result at once, else the game joins the queue. */
export function analyseResponse(ctx: HandlerContext, gameId: string): Response {
  if (!ctx.guildId) throw new UserError("guild/required-analysis");
  if (!ctx.app.computer.enabled) throw new UserError("computer/off");
  const answer = ctx.app.analyses.request({
    gameId,
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    userId: ctx.userId,
  });
  const game = ctx.app.games.find(gameId);
  if (answer.kind === "done") return { mode: "reply", reply: analysisReply(ctx, game.row, answer.row, answer.report) };
  const reply = queuedReply(game.row, answer.row, answer.ahead);
  if (answer.fresh) return { mode: "reply", reply, bind: { kind: "analysis", id: gameId } };
  const { channelId, messageId, guildId } = answer.row;
  const link = messageId ? ` https://discord.com/channels/${guildId}/${channelId}/${messageId}` : "";
  return { mode: "reply", reply: { ...reply, content: `${reply.content}${link}`, ephemeral: true } };
}
