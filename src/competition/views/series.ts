/** How a series is written: the line under a series game, its result on the image, and the board's footer. */
import type { GameSnapshot } from "../../games/snapshot.ts";
import type { Translate } from "../../i18n/index.ts";
import { mention } from "../../interactions/views/parts.ts";
import { MISSED_TO_WITHDRAW, missedBy } from "../../tournaments/tournament-store.ts";
import type { SeriesSummary } from "../series-service.ts";
import { seriesOpponent, seriesPlayers } from "../series-store.ts";

/** "<@a> 3-2 <@b>, 1 drawn" from the first player's side. */
export function seriesScoreText(summary: SeriesSummary, t: Translate, names: (id: string) => string = mention): string {
  const [a, b] = seriesPlayers(summary.series);
  const { wins, draws } = summary.score;
  const values = { first: names(a), second: names(b), firstWins: wins[a] ?? 0, secondWins: wins[b] ?? 0 };
  return draws ? t("game:series.scoreDrawn", { ...values, count: draws }) : t("game:series.score", values);
}

/** The series line of a game message. */
export function seriesLine(summary: SeriesSummary, t: Translate): string {
  const { series: s } = summary;
  const score = seriesScoreText(summary, t);
  switch (s.status) {
    case "active":
      return t("game:series.active", { firstTo: s.firstTo, score });
    case "finished":
      return t("game:series.finished", { result: seriesWinText(summary, t), firstTo: s.firstTo });
    case "resigned":
      return t("game:series.resigned", {
        loser: mention(seriesOpponent(s, s.winnerId)),
        winner: mention(s.winnerId ?? ""),
        score,
      });
    case "abandoned":
      return t("game:series.abandoned", { score });
  }
}

/** "<@a> wins the series 6–4" (the winner's games first; draws after), or "" while it is undecided. */
export function seriesWinText(summary: SeriesSummary, t: Translate, names: (id: string) => string = mention): string {
  const { series: s, score } = summary;
  if (!s.winnerId) return "";
  const loser = seriesOpponent(s, s.winnerId);
  const values = { winner: names(s.winnerId), won: score.wins[s.winnerId] ?? 0, lost: score.wins[loser] ?? 0 };
  return score.draws ? t("game:series.winsDrawn", { ...values, count: score.draws }) : t("game:series.wins", values);
}

/** The small line under the board, with display names. */
export function seriesFooter(summary: SeriesSummary, name: (id: string) => string, t: Translate): string {
  const score = seriesScoreText(summary, t, (id) => name(id) || (id === summary.series.playerA ? "A" : "B"));
  return t("game:series.footer", { score, firstTo: summary.series.firstTo });
}

/**
 * A knockout match given away (issue #33: said as such, not "resigned the series"): by the player who
 * missed MISSED_TO_WITHDRAW games in a row when this game was their last miss, else by one who left or
 * was taken out. Null for any other series line.
 */
function forfeitLine(game: GameSnapshot, summary: SeriesSummary, t: Translate): string | null {
  const { series: s } = summary;
  if (game.row.tournamentId === null || s.status !== "resigned" || !s.winnerId) return null;
  const loser = seriesOpponent(s, s.winnerId);
  const values = { loser: mention(loser), winner: mention(s.winnerId), score: seriesScoreText(summary, t) };
  return missedBy(game.row) === loser
    ? t("game:series.forfeitMissed", { ...values, missed: MISSED_TO_WITHDRAW })
    : t("game:series.forfeit", values);
}

/** A series game's line: the score, and the series result (for the image's banner) once it is decided. */
export function seriesLines(
  game: GameSnapshot,
  series: SeriesSummary | null,
  t: Translate,
): { line: string | null; bannerNote?: (name: (id: string) => string) => string } {
  if (!series) return { line: null };
  const decidedNow =
    game.row.status !== "active" && series.series.status !== "active" && series.series.winnerId !== null;
  const bannerNote = decidedNow ? (name: (id: string) => string) => seriesWinText(series, t, name) : undefined;
  return { line: forfeitLine(game, series, t) ?? seriesLine(series, t), bannerNote };
}
