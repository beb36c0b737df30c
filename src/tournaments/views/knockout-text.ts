/**
 * How a knockout is written (issue #33: as a bracket, not points and games): its rounds named ("Round 1 of
 * 3", "Semi-finals", "Final"), where it stands (the rounds in play), its new matches each under its own
 * round, its matches round by round with byes and walkovers told apart, and each player's standing (who
 * beat whom, by what series score, who is out in which round) for the picture and the podium. Pure: given
 * the tournament as the service reads it.
 */
import type { Translate } from "../../i18n/index.ts";
import { fitContent, moreLine } from "../../interactions/text-budget.ts";
import { mention } from "../../interactions/views/parts.ts";
import { type KnockoutStanding, knockoutStandings, type MatchResult, seedsOf } from "../core/index.ts";
import type { TournamentView } from "../tournament-service.ts";

/** "Round 1 of 4", "Quarter-finals", "Semi-finals", "Final". */
export function stageName(round: number, rounds: number, tr: Translate): string {
  if (round === rounds) return tr("game:tournament.stage.final");
  if (round === rounds - 1) return tr("game:tournament.stage.semiFinal");
  if (round === rounds - 2 && rounds >= 4) return tr("game:tournament.stage.quarterFinal");
  return tr("game:tournament.stage.round", { round, rounds });
}

/** Each round's name, round 1 first. */
export function stageNames(rounds: number, tr: Translate): string[] {
  return Array.from({ length: rounds }, (_, i) => stageName(i + 1, rounds, tr));
}

/** Where a running or paused knockout stands: the rounds with a match in play. */
export function knockoutStatus(view: TournamentView, tr: Translate): string {
  const t = view.tournament;
  if (t.status === "paused") return tr("game:tournament.status.knockoutPaused");
  const rounds = [...new Set(view.matches.filter((m) => m.bottom !== null && m.winner === null).map((m) => m.round))];
  const stages = rounds.sort((a, b) => a - b).map((r) => stageName(r, t.rounds, tr));
  // Between a decided match and the next one's start (no transaction leaves it so; a guard, not a hole).
  if (stages.length === 0) return tr("game:tournament.status.knockoutWaiting");
  return tr("game:tournament.status.knockout", { stages: stages.join(" · ") });
}

/** A knockout's new matches (`fresh`: their pairings), each under its own round and its place in it. */
export function knockoutRoundText(view: TournamentView, fresh: readonly MatchResult[], tr: Translate): string {
  const t = view.tournament;
  const items = [...fresh]
    .sort((a, b) => a.round - b.round || a.board - b.board)
    .map((m) =>
      tr("game:tournament.match", {
        stage: stageName(m.round, t.rounds, tr),
        board: m.board,
        south: mention(m.top),
        north: mention(m.bottom ?? ""),
      }),
    );
  const head = tr("game:tournament.knockoutNew", { id: t.id, count: t.firstTo ?? 1 });
  return fitContent([{ head: [head], items, more: moreLine(tr) }]);
}

/** Who withdrew from the match `m` was a walkover for (its top went through alone after round 1), if anyone. */
function withdrawnFrom(view: TournamentView, m: MatchResult): string | null {
  if (m.bottom !== null || m.round === 1) return null;
  const feeders = view.matches.filter(
    (x) => x.round === m.round - 1 && Math.ceil(x.board / 2) === m.board && x.winner !== null,
  );
  return feeders.map((x) => x.winner).find((w) => w !== m.top) ?? null;
}

/** A knockout's matches round by round ("Semi-finals, match 2: **@a** 2–1 @b"), the champion once known. */
export function bracketText(view: TournamentView, head: readonly string[], tr: Translate): string {
  const t = view.tournament;
  // The final, played or a walkover (a finalist withdrew).
  const final = view.matches.find((m) => m.round === t.rounds && m.winner !== null);
  const items = view.matches.map((m) => {
    const stage = stageName(m.round, t.rounds, tr);
    if (m.bottom === null) {
      const gone = withdrawnFrom(view, m);
      return gone
        ? tr("game:tournament.walkover", { stage, user: mention(m.top), withdrawn: mention(gone) })
        : tr("game:tournament.bye2", { stage, user: mention(m.top) });
    }
    return tr("game:tournament.bracketLine", {
      stage,
      board: m.board,
      south: m.winner === m.top ? `**${mention(m.top)}**` : mention(m.top),
      north: m.winner === m.bottom ? `**${mention(m.bottom)}**` : mention(m.bottom),
      score: `${m.topWins}–${m.bottomWins}`,
    });
  });
  const champion =
    t.status === "finished" && final?.winner ? [tr("game:tournament.champion", { user: mention(final.winner) })] : [];
  return fitContent([
    { head: [...head, ...champion, tr("game:tournament.knockoutColumns")], items, more: moreLine(tr) },
  ]);
}

/** Each player's standing in the knockout, the champion first (core/knockout-results.ts). */
export function knockoutTable(view: TournamentView): KnockoutStanding[] {
  const seeds = seedsOf(view.players.map((p) => ({ id: p.userId, rating: p.rating })));
  const withdrawn = new Set(view.players.filter((p) => p.withdrawn).map((p) => p.userId));
  return knockoutStandings(view.tournament.rounds, view.matches, seeds, withdrawn);
}

/** What a player's last match says about them: "beat carol 2–1", "lost 1–2 to carol", "playing dave: 1–1". */
export function resultText(r: KnockoutStanding, tr: Translate, name: (id: string) => string): string {
  const score = { won: r.won, lost: r.lost, opponent: r.opponent ? name(r.opponent) : "" };
  switch (r.state) {
    case "champion":
      return r.opponent ? tr("board:tournament.result.won", score) : tr("board:tournament.result.wonWalkover");
    case "walkover":
      return tr("board:tournament.result.withdrew");
    case "out":
      return r.withdrawn ? tr("board:tournament.result.gaveAway", score) : tr("board:tournament.result.lost", score);
    case "in":
      if (r.opponent) return tr("board:tournament.result.playing", score);
      return tr(r.bye ? "board:tournament.result.bye" : "board:tournament.result.waiting");
  }
}

/** The podium's line under a knockout's first three: the final's score, or the semi-finals. */
export function podiumDetail(r: KnockoutStanding, tr: Translate): string {
  const score = { won: r.won, lost: r.lost };
  if (r.place === 1)
    return r.opponent ? tr("board:tournament.podium.champion", score) : tr("board:tournament.podium.championWalkover");
  if (r.place === 2)
    return r.state === "walkover"
      ? tr("board:tournament.podium.finalistWalkover")
      : tr("board:tournament.podium.finalist", score);
  return tr("board:tournament.podium.semiFinal");
}

/**
 * The line that tells a knockout player's leaving or removal when it gave their match away (they were still
 * in before it, `before`), with the opponent it went to; null otherwise (the plain line says it).
 */
export function knockoutLeaveLine(
  before: TournamentView,
  after: TournamentView,
  userId: string,
  removed: boolean,
  tr: Translate,
): string | null {
  if (knockoutTable(before).find((r) => r.id === userId)?.state !== "in") return null;
  const mine = knockoutTable(after).find((r) => r.id === userId);
  if (!mine?.opponent || (mine.state !== "out" && mine.state !== "walkover")) return null;
  return tr(removed ? "game:tournament.removedKnockout" : "game:tournament.leftKnockout", {
    user: mention(userId),
    opponent: mention(mine.opponent),
  });
}
