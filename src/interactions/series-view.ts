/** How a series is written: the line under a series game and the board's footer. */
import { formatSeriesScore } from "../ladders/series.ts";
import type { SeriesSummary } from "../ladders/series-service.ts";
import { seriesOpponent, seriesPlayers } from "../ladders/series-store.ts";

const mention = (id: string) => `<@${id}>`;

/** "<@a> 3-2 <@b>, 1 drawn" from the first player's side. */
export function seriesScoreText(summary: SeriesSummary, names: (id: string) => string = mention): string {
  return formatSeriesScore(seriesPlayers(summary.series), summary.score, names);
}

/** The series line of a game message. */
export function seriesLine(summary: SeriesSummary): string {
  const { series: s } = summary;
  const score = seriesScoreText(summary);
  switch (s.status) {
    case "active":
      return `Series, first to ${s.firstTo}: ${score}`;
    case "finished":
      return `**${seriesWinText(summary)}** (first to ${s.firstTo})`;
    case "resigned": {
      return `<@${seriesOpponent(s, s.winnerId)}> resigned the series: **<@${s.winnerId}> wins it** (${score})`;
    }
    case "abandoned":
      return `Series abandoned (a game was cancelled) at ${score}`;
  }
}

/** "<@a> wins the series 6–4" (the winner's games first; draws after), or "" while it is undecided. */
export function seriesWinText(summary: SeriesSummary, names: (id: string) => string = mention): string {
  const { series: s, score } = summary;
  if (!s.winnerId) return "";
  const loser = seriesOpponent(s, s.winnerId);
  const draws = score.draws ? `, ${score.draws} drawn` : "";
  return `${names(s.winnerId)} wins the series ${score.wins[s.winnerId] ?? 0}–${score.wins[loser] ?? 0}${draws}`;
}

/** The small line under the board, with display names. */
export function seriesFooter(summary: SeriesSummary, name: (id: string) => string): string {
  const score = seriesScoreText(summary, (id) => name(id) || (id === summary.series.playerA ? "A" : "B"));
  return `Series ${score} · first to ${summary.series.firstTo}`;
}
