/**
 * How a Swiss tournament is written: its announcement (ruleset, rounds, time, rated, the players, and
 * the Join, Leave and Start buttons, `t:<tournament>:j|l|s`), a round's pairings, and the standings.
 * Pure: they are given the tournament as the service reads it.
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { GameRow, TournamentRow } from "../../db/schema.ts";
import { isRulesetId } from "../../engine/index.ts";
import { type MessageKey, type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import type { Reply } from "../../interactions/reply.ts";
import { fitContent, moreLine } from "../../interactions/text-budget.ts";
import { button, mention, row } from "../../interactions/views/parts.ts";
import { timeLimitText } from "../../present/time-limit.ts";
import { formatOf } from "../formats/registry.ts";
import { entriesOpen, type TableRow, type TournamentView } from "../tournament-service.ts";

const STATUS = {
  open: "game:tournament.status.open",
  running: "game:tournament.status.running",
  paused: "game:tournament.status.paused",
  cancelled: "game:tournament.status.cancelled",
} as const satisfies Record<Exclude<TournamentRow["status"], "finished">, MessageKey>;

function rulesetValue(id: string) {
  return isRulesetId(id) ? term(RULESET_NAME[id]) : id;
}

/** "Swiss tournament `k7m2xq9d`: Oware Abapa, 5 rounds, 1 hour a move, rated." */
export function tournamentTitle(t: TournamentRow, tr: Translate): string {
  return tr(t.rated ? "game:tournament.title" : "game:tournament.titleUnrated", {
    format: term(formatOf(t).show.name),
    id: t.id,
    ruleset: rulesetValue(t.ruleset),
    length: formatOf(t).show.length(t),
    time: timeLimitText(t.timeLimit, tr, "words"),
  });
}

/** Discord shows `<t:…:R>` as "in 2 hours" in each reader's language and time zone. */
function when(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

/** Where the tournament stands, in one line. */
export function statusText(t: TournamentRow, tr: Translate, now: number): string {
  if (t.status === "open" && t.startAt !== null) return tr("game:tournament.status.openAt", { at: when(t.startAt) });
  const { show } = formatOf(t);
  if (show.timed && t.endsAt !== null && (t.status === "running" || t.status === "paused")) {
    if (now >= t.endsAt) return tr("game:tournament.status.arenaEnding");
    const at = when(t.endsAt);
    return tr(t.status === "paused" ? "game:tournament.status.arenaPaused" : "game:tournament.status.arena", { at });
  }
  // Finished: in the format's words (a Swiss counts its rounds).
  const key = t.status === "finished" ? show.finishedLine : STATUS[t.status];
  return tr(key, { round: t.currentRound, rounds: t.rounds });
}

/** The announcement: what the tournament is, where it stands, who plays; buttons while it can be joined or left. */
export function tournamentReply(view: TournamentView, tr: Translate): Reply {
  const { tournament: t, players } = view;
  const playing = players.filter((p) => !p.withdrawn);
  const status = statusText(t, tr, view.now);
  const content = fitContent([
    {
      head: [
        tournamentTitle(t, tr),
        tr("game:tournament.organiser", { user: mention(t.createdBy) }),
        status,
        tr("game:tournament.players", { count: playing.length }),
      ],
      items: playing.map((p) => `• ${mention(p.userId)}`),
      more: moreLine(tr),
    },
  ]);
  const over = t.status === "finished" || t.status === "cancelled";
  const buttons = [
    ...(entriesOpen(t, view.now, formatOf(t).leaving === "pause")
      ? [
          button(
            { type: "tournament", tournamentId: t.id, action: "join" },
            tr("game:tournament.button.join"),
            ButtonStyle.Success,
          ),
        ]
      : []),
    ...(over
      ? []
      : [
          button(
            { type: "tournament", tournamentId: t.id, action: "leave" },
            tr("game:tournament.button.leave"),
            ButtonStyle.Secondary,
          ),
        ]),
    ...(t.status === "open"
      ? [
          button(
            { type: "tournament", tournamentId: t.id, action: "start" },
            tr("game:tournament.button.start"),
            ButtonStyle.Primary,
          ),
        ]
      : []),
  ];
  return { content, components: buttons.length ? [row(...buttons)] : [], mentions: [] };
}

/**
 * What a new round says: a Swiss's "Round 2 of 5" with one line per board (South first) and the bye; an
 * arena's new pairings; a knockout's matches just started. `fresh`: the games it announces.
 */
export function roundText(view: TournamentView, fresh: readonly GameRow[], tr: Translate): string {
  const { tournament: t } = view;
  const { show } = formatOf(t);
  const round = Math.max(...fresh.map((g) => g.tournamentRound ?? 0));
  const ids = new Set(fresh.map((g) => g.id));
  // A whole round is announced with its bye; games paired as players come free, by their games.
  const byRound = show.announces === "rounds";
  const pairings = view.pairings.filter((p) => (byRound ? p.round === round : p.gameId !== null && ids.has(p.gameId)));
  const boards = pairings.filter((p) => p.northId !== null);
  const bye = byRound ? pairings.find((p) => p.northId === null) : undefined;
  const head = tr(show.roundHead, { id: t.id, round, rounds: t.rounds, firstTo: t.firstTo ?? 1 });
  const key = show.pairingLine;
  return fitContent([
    {
      head: [head],
      items: [
        ...boards.map((p) => tr(key, { board: p.board, south: mention(p.southId), north: mention(p.northId ?? "") })),
        ...(bye ? [tr("game:tournament.bye", { user: mention(bye.southId) })] : []),
      ],
      more: moreLine(tr),
    },
  ]);
}

/** "1.5", "1.75" for points and tie-breaks (Sonneborn-Berger counts quarters), the same in every language. */
export function points(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The standings of any format: rank and player, then a Swiss's score and tie-breaks, an arena's points and flame, a knockout's matches won. */
export function standingsText(view: TournamentView, table: readonly TableRow[], tr: Translate, final = false): string {
  const { tournament: t } = view;
  const columns = formatOf(t).show.table;
  const title = tournamentTitle(t, tr);
  const head = [
    final ? tr("game:tournament.final", { title }) : title,
    statusText(t, tr, view.now),
    tr(columns === "tie-breaks" ? "game:tournament.columns" : "game:tournament.arenaColumns"),
  ];
  if (columns === "bracket") return bracketText(view, head.slice(0, 2), tr);
  const line = (s: TableRow) => {
    const rank = String(s.rank).padStart(2);
    if (columns === "points") {
      const flame = s.onFire ? " 🔥" : "";
      return tr("game:tournament.arenaStanding", {
        rank,
        user: mention(s.id),
        flame,
        score: points(s.score),
        games: s.played,
      });
    }
    const [buchholz = 0, sb = 0] = s.tieBreaks;
    return tr("game:tournament.standing", {
      rank,
      user: mention(s.id),
      score: points(s.score),
      buchholz: points(buchholz ?? 0),
      sb: points(sb ?? 0),
      games: s.played,
    });
  };
  return fitContent([
    {
      head: table.length ? head : [...head, tr("game:tournament.noPlayers")],
      items: table.map(line),
      more: moreLine(tr),
    },
  ]);
}

/** A knockout's matches round by round ("Round 1, match 2: @a 2–1 @b"), the champion once known. */
function bracketText(view: TournamentView, head: readonly string[], tr: Translate): string {
  const { tournament: t } = view;
  // The final, played or a walkover (a finalist withdrew).
  const final = view.matches.find((m) => m.round === t.rounds && m.winner !== null);
  const items = view.matches.map((m) =>
    m.bottom === null
      ? tr("game:tournament.walkover", { user: mention(m.top) })
      : tr("game:tournament.bracketLine", {
          round: m.round,
          board: m.board,
          south: m.winner === m.top ? `**${mention(m.top)}**` : mention(m.top),
          north: m.winner === m.bottom ? `**${mention(m.bottom)}**` : mention(m.bottom),
          score: `${m.topWins}–${m.bottomWins}`,
        }),
  );
  const champion =
    t.status === "finished" && final?.winner ? [tr("game:tournament.champion", { user: mention(final.winner) })] : [];
  return fitContent([{ head: [...head, ...champion], items, more: moreLine(tr) }]);
}
