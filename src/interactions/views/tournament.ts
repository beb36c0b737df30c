/**
 * How a Swiss tournament is written: its announcement (ruleset, rounds, time, rated, the players, and
 * the Join, Leave and Start buttons, `t:<tournament>:j|l|s`), a round's pairings, and the standings.
 * Pure: they are given the tournament as the service reads it.
 */
import { ButtonStyle } from "discord-api-types/v10";
import type { TournamentRow } from "../../db/schema.ts";
import { isRulesetId } from "../../engine/index.ts";
import { type MessageKey, type Translate, term } from "../../i18n/index.ts";
import { RULESET_NAME } from "../../i18n/terms.ts";
import { LAST_ENTRY_ROUND, type TournamentView } from "../../ladders/tournament-service.ts";
import { timeLimitText } from "../../present/time-limit.ts";
import type { Standing } from "../../tournaments/index.ts";
import type { Reply } from "../reply.ts";
import { fitContent, moreLine } from "../text-budget.ts";
import { button, mention, row } from "./parts.ts";

const STATUS = {
  open: "game:tournament.status.open",
  running: "game:tournament.status.running",
  paused: "game:tournament.status.paused",
  finished: "game:tournament.status.finished",
  cancelled: "game:tournament.status.cancelled",
} as const satisfies Record<TournamentRow["status"], MessageKey>;

function rulesetValue(id: string) {
  return isRulesetId(id) ? term(RULESET_NAME[id]) : id;
}

/** "Swiss `k7m2xq9d`: Oware Abapa, 5 rounds, 1 hour a move, rated." */
export function tournamentTitle(t: TournamentRow, tr: Translate): string {
  return tr(t.rated ? "game:tournament.title" : "game:tournament.titleUnrated", {
    id: t.id,
    ruleset: rulesetValue(t.ruleset),
    rounds: t.rounds,
    time: timeLimitText(t.timeLimit, tr, "words"),
  });
}

/** Whether players may still enter (before the start, or late until round LAST_ENTRY_ROUND). */
export function entriesOpen(t: TournamentRow): boolean {
  return (
    t.status === "open" || ((t.status === "running" || t.status === "paused") && t.currentRound < LAST_ENTRY_ROUND)
  );
}

/** The announcement: what the tournament is, where it stands, who plays; buttons while it can be joined or left. */
export function tournamentReply(view: TournamentView, tr: Translate): Reply {
  const { tournament: t, players } = view;
  const playing = players.filter((p) => !p.withdrawn);
  const status = tr(STATUS[t.status], { round: t.currentRound, rounds: t.rounds });
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
    ...(entriesOpen(t)
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

/** A round's pairings: "Round 2 of 5", one line per board (South first), and the bye. */
export function roundText(view: TournamentView, round: number, tr: Translate): string {
  const { tournament: t } = view;
  const pairings = view.pairings.filter((p) => p.round === round);
  const boards = pairings.filter((p) => p.northId !== null);
  const bye = pairings.find((p) => p.northId === null);
  return fitContent([
    {
      head: [tr("game:tournament.round", { id: t.id, round, rounds: t.rounds })],
      items: [
        ...boards.map((p) =>
          tr("game:tournament.board", { board: p.board, south: mention(p.southId), north: mention(p.northId ?? "") }),
        ),
        ...(bye ? [tr("game:tournament.bye", { user: mention(bye.southId) })] : []),
      ],
      more: moreLine(tr),
    },
  ]);
}

/** "1.5", "1.75" for points and tie-breaks (Sonneborn-Berger counts quarters), the same in every language. */
function points(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The standings: rank, player, score, Buchholz, Sonneborn-Berger, games played. */
export function standingsText(
  t: TournamentRow,
  table: readonly Standing[],
  played: ReadonlyMap<string, number>,
  tr: Translate,
  final = false,
): string {
  const head = [
    final ? tr("game:tournament.final", { title: tournamentTitle(t, tr) }) : tournamentTitle(t, tr),
    tr(STATUS[t.status], { round: t.currentRound, rounds: t.rounds }),
    tr("game:tournament.columns"),
  ];
  return fitContent([
    {
      head: table.length ? head : [...head, tr("game:tournament.noPlayers")],
      items: table.map((s) =>
        tr("game:tournament.standing", {
          rank: String(s.rank).padStart(2),
          user: mention(s.id),
          score: points(s.score),
          buchholz: points(s.buchholz),
          sb: points(s.sonnebornBerger),
          games: played.get(s.id) ?? 0,
        }),
      ),
      more: moreLine(tr),
    },
  ]);
}

/** Games each player finished with a result (byes and games without a result left out). */
export function gamesPlayed(view: TournamentView): Map<string, number> {
  const played = new Map<string, number>();
  for (const g of view.games) {
    if (g.status !== "finished") continue;
    for (const id of [g.southId, g.northId]) played.set(id, (played.get(id) ?? 0) + 1);
  }
  return played;
}
