/**
 * The tournament images' data from what the service reads (plain data for the render pool), with the
 * players' display names: the standings (any format), a Swiss's crosstable, a knockout's bracket, the
 * final podium. Each is an attachment made after the answer is acknowledged.
 */
import type { TournamentRow } from "../../db/schema.ts";
import type { Translate } from "../../i18n/index.ts";
import type { App } from "../../interactions/context.ts";
import type { ImageFile } from "../../interactions/reply.ts";
import { describeTournament, type TournamentImage } from "../../present/images.ts";
import { seedsOf } from "../core/index.ts";
import { formatOf } from "../formats/registry.ts";
import type { TableRow, TournamentView } from "../tournament-service.ts";
import { knockoutTable, podiumDetail, resultText, stageName, stageNames } from "./knockout-text.ts";
import { points, statusText, tournamentTitle } from "./tournament.ts";

type Names = (id: string) => string;

async function namesOf(app: App, t: TournamentRow, ids: readonly string[]): Promise<Names> {
  const names = new Map(
    await Promise.all(ids.map(async (id) => [id, (await app.displayName(t.guildId, id)) || id] as const)),
  );
  return (id) => names.get(id) ?? id;
}

function heading(view: TournamentView, tr: Translate) {
  return {
    title: tournamentTitle(view.tournament, tr).replace(/`/g, ""),
    // The picture's own status line: Discord fills in no times there.
    subtitle: statusText(view, tr, true).replace(/`/g, ""),
  };
}

/** The standings picture of any format: a knockout's players by the round they reached, the others by score. */
export function standingsImage(
  view: TournamentView,
  table: readonly TableRow[],
  tr: Translate,
  name: Names,
): TournamentImage {
  if (view.tournament.format === "knockout") return knockoutImage(view, tr, name);
  const swiss = formatOf(view.tournament).show.table === "tie-breaks";
  return {
    kind: "standings",
    data: {
      ...heading(view, tr),
      tieBreakNames: swiss
        ? [tr("board:tournament.buchholz"), tr("board:tournament.sonnebornBerger"), tr("board:tournament.direct")]
        : [],
      rows: table.map((r) => ({
        rank: r.rank,
        name: name(r.id),
        score: points(r.score),
        tieBreaks: swiss ? r.tieBreaks.map((v) => (v === null ? "–" : points(v))) : [],
        played: r.played,
        flame: r.onFire,
        withdrawn: r.withdrawn,
      })),
      more: 0,
    },
  };
}

/** A Swiss's rounds, player by player: the opponent's rank, the side and the result of each. */
export function crosstableImage(
  view: TournamentView,
  table: readonly TableRow[],
  tr: Translate,
  name: Names,
): TournamentImage {
  const rank = new Map(table.map((r) => [r.id, r.rank]));
  const games = new Map(view.games.map((g) => [g.id, g]));
  const rows = table.map((r) => ({
    rank: r.rank,
    name: name(r.id),
    score: points(r.score),
    cells: Array.from({ length: view.tournament.currentRound }, (_, i) => {
      const p = view.pairings.find((x) => x.round === i + 1 && (x.southId === r.id || x.northId === r.id));
      if (!p) return null;
      if (p.northId === null) return { bye: true as const };
      const south = p.southId === r.id;
      const g = p.gameId ? games.get(p.gameId) : undefined;
      const mine = south ? 0 : 1;
      const result =
        g?.status !== "finished"
          ? null
          : g.winner === null
            ? ("½" as const)
            : g.winner === mine
              ? ("1" as const)
              : ("0" as const);
      return {
        opponentRank: rank.get(south ? p.northId : p.southId) ?? 0,
        side: south ? ("S" as const) : ("N" as const),
        result,
      };
    }),
  }));
  return { kind: "crosstable", data: { ...heading(view, tr), rows, more: 0 } };
}

/** A knockout's bracket: every round's matches, the players known so far, their series wins. */
export function bracketImage(view: TournamentView, tr: Translate, name: Names): TournamentImage {
  const t = view.tournament;
  const seed = seedsOf(view.players.map((p) => ({ id: p.userId, rating: p.rating })));
  const slot = (id: string | null, wins: number | null) =>
    id ? { seed: seed.get(id) ?? 0, name: name(id), wins } : null;
  const winners = new Map(view.matches.filter((m) => m.winner).map((m) => [`${m.round}:${m.board - 1}`, m.winner!]));
  const rounds = Array.from({ length: t.rounds }, (_, r) =>
    Array.from({ length: 2 ** (t.rounds - r - 1) }, (_, i) => {
      const m = view.matches.find((x) => x.round === r + 1 && x.board === i + 1);
      if (m) {
        // A match started with one player: in round 1 a bye; later a walkover, its other feeder's winner
        // having withdrawn (the store keeps only who went through).
        const alone = m.bottom === null;
        const feeders = [winners.get(`${r}:${2 * i}`), winners.get(`${r}:${2 * i + 1}`)];
        const absent = alone && r > 0 ? (feeders.find((id) => id && id !== m.top) ?? null) : null;
        return {
          top: slot(m.top, alone ? null : m.topWins),
          bottom: absent ? { ...slot(absent, null)!, withdrew: true } : slot(m.bottom, m.bottomWins),
          bye: alone && r === 0,
          winner: m.winner === null ? null : m.winner === m.top ? ("top" as const) : ("bottom" as const),
        };
      }
      // Not started: whoever is through from its feeders so far.
      return {
        top: slot(winners.get(`${r}:${2 * i}`) ?? null, null),
        bottom: slot(winners.get(`${r}:${2 * i + 1}`) ?? null, null),
        bye: false,
        winner: null,
      };
    }),
  );
  return { kind: "bracket", data: { ...heading(view, tr), rounds, roundNames: stageNames(t.rounds, tr) } };
}

/** A knockout's players: the champion, those still in, those out by round; each with the match that says why. */
function knockoutImage(view: TournamentView, tr: Translate, name: Names): TournamentImage {
  const rounds = view.tournament.rounds;
  const rows = knockoutTable(view).map((r) => ({
    place: r.place,
    name: name(r.id),
    stage: stageName(Math.min(r.round, rounds), rounds, tr),
    result: resultText(r, tr, name),
    out: r.state === "out" || r.state === "walkover",
  }));
  return { kind: "knockout", data: { ...heading(view, tr), rows, more: 0 } };
}

/**
 * The top three; players sharing a place (a knockout's semi-finalists) share its step. Under each, what
 * earned it: a Swiss's or an arena's points, a knockout's final and its score, or the semi-finals.
 */
export function podiumImage(
  view: TournamentView,
  table: readonly TableRow[],
  tr: Translate,
  name: Names,
): TournamentImage {
  const knockout = view.tournament.format === "knockout";
  const rows: readonly { id: string; rank: number; detail: string }[] = knockout
    ? knockoutTable(view)
        .filter((r) => r.place !== null)
        .map((r) => ({ id: r.id, rank: r.place!, detail: podiumDetail(r, tr) }))
    : table.map((r) => ({ id: r.id, rank: r.rank, detail: scoredText(r.score, tr) }));
  const places = [1, 2, 3]
    .map((rank) => rows.filter((r) => r.rank === rank))
    .filter((shared) => shared.length > 0)
    .map((shared) => ({ name: shared.map((r) => name(r.id)).join(" · "), detail: shared[0].detail }));
  return { kind: "podium", data: { ...heading(view, tr), places } };
}

/** "1 point", "2.5 points". */
function scoredText(score: number, tr: Translate): string {
  return tr("board:tournament.scored", { score: points(score), count: score });
}

/** An attachment for `make`'s image, with its alt text, in the server's language. */
export function tournamentAttachment(
  app: App,
  view: TournamentView,
  tr: Translate,
  file: string,
  make: (name: Names) => TournamentImage,
): () => Promise<ImageFile> {
  return async () => {
    const image = make(
      await namesOf(
        app,
        view.tournament,
        view.players.map((p) => p.userId),
      ),
    );
    const locale = app.serverLocale(view.tournament.guildId);
    return {
      name: file,
      data: await app.images.tournamentPng(image, locale),
      description: describeTournament(image, tr),
    };
  };
}
