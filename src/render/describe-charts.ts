/**
 * Alt text for the rating chart (its trend) and the ladder image (its rungs). Pure text, without the
 * canvas, so the commands can say it before anything is drawn.
 */
import type { Translate } from "../i18n/index.ts";
import type { TournamentImage } from "../tournaments/images/tournament-image.ts";
import type { ChartUnit, RatingPoint, Rung } from "./chart.ts";
import { ENGLISH } from "./language.ts";

/** Discord's limit on an attachment's description. */
export const ALT_TEXT_LIMIT = 1024;

export function clipAlt(text: string): string {
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}

export function describeChart(
  title: string,
  points: readonly RatingPoint[],
  t: Translate = ENGLISH,
  unit: ChartUnit = "games",
): string {
  if (points.length === 0) return clipAlt(t("board:alt.chartEmpty", { title }));
  const ratings = points.map((p) => Math.round(p.rating));
  const first = ratings[0];
  const last = ratings[ratings.length - 1];
  const trend = last > first ? "board:alt.chartUp" : last < first ? "board:alt.chartDown" : "board:alt.chartLevel";
  return clipAlt(
    t(trend, {
      title,
      games: t(unit === "puzzles" ? "board:chart.puzzles" : "board:chart.games", { count: points.length }),
      first,
      last,
      highest: Math.max(...ratings),
      lowest: Math.min(...ratings),
      deviation: Math.round(points[points.length - 1].deviation),
    }),
  );
}

export function describeLadder(title: string, rungs: readonly Rung[], more: number, t: Translate = ENGLISH): string {
  if (rungs.length === 0) return clipAlt(t("board:alt.ladderEmpty", { title }));
  const list = rungs.map((r, i) => `${i + 1}. ${r.name} (${r.detail}${r.moved ? `, ${r.moved}` : ""})`).join("; ");
  return clipAlt(
    more > 0 ? t("board:alt.ladderMore", { title, rungs: list, more }) : t("board:alt.ladder", { title, rungs: list }),
  );
}

/** A tournament image's alt text: its title, then its rows, matches or places in reading order. */
export function describeTournament(image: TournamentImage, t: Translate = ENGLISH): string {
  const { data } = image;
  const points = (score: string) => t("board:tournament.scored", { score, count: Number(score) });
  const items =
    image.kind === "standings"
      ? image.data.rows.map((r) => `${r.rank}. ${r.name}, ${points(r.score)}${r.flame ? " 🔥" : ""}`)
      : image.kind === "crosstable"
        ? image.data.rows.map((r) => `${r.rank}. ${r.name}, ${points(r.score)}`)
        : image.kind === "podium"
          ? image.data.places.map((p, i) => `${i + 1}. ${p.name}, ${p.detail}`)
          : image.kind === "knockout"
            ? image.data.rows.map((r) => `${r.place ?? "–"}. ${r.name}, ${r.stage}: ${r.result}`)
            : image.data.rounds.flatMap((matches, r) =>
                matches
                  .filter((m) => m.top && (m.bottom || m.bye))
                  .map((m) => {
                    const round = image.data.roundNames[r] ?? t("board:tournament.roundShort", { round: r + 1 });
                    if (!m.bottom) return `${round}: ${m.top!.name} (${t("board:tournament.bye")})`;
                    return `${round}: ${m.top!.name} ${m.top!.wins ?? 0}–${m.bottom.wins ?? 0} ${m.bottom.name}`;
                  }),
              );
  return clipAlt(
    t("board:alt.tournament", { title: data.title, items: items.join("; ") || t("board:tournament.nobody") }),
  );
}
