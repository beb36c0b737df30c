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
import { EARLY_DRAW_MOVES } from "../core/index.ts";
import { formatOf } from "../formats/registry.ts";
import { entriesOpen, type TableRow, type TournamentView } from "../tournament-service.ts";
import { bracketText, knockoutRoundText, knockoutStatus } from "./knockout-text.ts";

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

const DAY = 24 * 60 * 60_000;

/** Discord shows `<t:…:t>` as "16:20" (`:f`, "20 April 2026 16:20", for a time more than a day off), in each reader's zone. */
function clockTime(ms: number, now: number): string {
  return `<t:${Math.floor(ms / 1000)}:${ms - now > DAY ? "f" : "t"}>`;
}

/**
 * Where the tournament stands, in one line. `image`: for a picture, which Discord does not fill in with
 * times (a time to come is left out, not left as a hole).
 */
export function statusText(view: TournamentView, tr: Translate, image = false): string {
  const { tournament: t, now } = view;
  if (t.status === "open" && t.startAt !== null)
    return image
      ? tr("game:tournament.statusImage.openAt")
      : tr("game:tournament.status.openAt", { at: when(t.startAt) });
  if (formatOf(t).show.timed && t.endsAt !== null && (t.status === "running" || t.status === "paused")) {
    if (now >= t.endsAt) return tr("game:tournament.status.arenaEnding");
    const paused = t.status === "paused";
    if (image) return tr(paused ? "game:tournament.statusImage.arenaPaused" : "game:tournament.statusImage.arena");
    const at = { time: clockTime(t.endsAt, now), at: when(t.endsAt) };
    return tr(paused ? "game:tournament.status.arenaPaused" : "game:tournament.status.arena", at);
  }
  if (formatOf(t).show.table === "bracket" && (t.status === "running" || t.status === "paused"))
    return knockoutStatus(view, tr);
  // Finished: in the format's words (a Swiss counts its rounds).
  const key = t.status === "finished" ? formatOf(t).show.finishedLine : STATUS[t.status];
  // A large field's round waiting for the pairing job (a few seconds) reads as the round under way, as it will be.
  const round = t.status === "running" && t.pairingRound !== null ? t.pairingRound : t.currentRound;
  return tr(key, { round, rounds: t.rounds });
}

/** A line of the announcement's list: the player, marked when withdrawn or (an arena's) paused. */
function entryLine(p: TournamentView["players"][number], tr: Translate): string {
  if (p.withdrawn) return tr("game:tournament.entryWithdrawn", { user: mention(p.userId) });
  if (p.paused) return tr("game:tournament.entryPaused", { user: mention(p.userId) });
  return `• ${mention(p.userId)}`;
}

/** The announcement: what the tournament is, where it stands, who plays; buttons while it can be joined or left. */
export function tournamentReply(view: TournamentView, tr: Translate): Reply {
  const { tournament: t, players } = view;
  // Everyone who entered stays on the list, as in the standings: withdrawn and paused players marked.
  const content = fitContent([
    {
      head: [
        tournamentTitle(t, tr),
        tr("game:tournament.organiser", { user: mention(t.createdBy) }),
        statusText(view, tr),
        tr("game:tournament.players", { count: players.length }),
      ],
      items: players.map((p) => entryLine(p, tr)),
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
 * arena's new pairings; a knockout's matches just started, each under its own round. `fresh`: the games
 * it announces.
 */
export function roundText(view: TournamentView, fresh: readonly GameRow[], tr: Translate): string {
  const { tournament: t } = view;
  const { show } = formatOf(t);
  const ids = new Set(fresh.map((g) => g.id));
  // A bracket's matches under their rounds (knockout-text.ts); a whole round with its bye, or games as paired.
  if (show.table === "bracket") {
    const started = view.pairings.filter((p) => p.gameId !== null && ids.has(p.gameId));
    const matches = view.matches.filter((m) => started.some((p) => p.round === m.round && p.board === m.board));
    return knockoutRoundText(view, matches, tr);
  }
  const round = Math.max(...fresh.map((g) => g.tournamentRound ?? 0));
  const byRound = show.announces === "rounds";
  const pairings = view.pairings.filter((p) => (byRound ? p.round === round : p.gameId !== null && ids.has(p.gameId)));
  const boards = pairings.filter((p) => p.northId !== null);
  const bye = byRound ? pairings.find((p) => p.northId === null) : undefined;
  const head = tr(show.roundHead, { id: t.id, round, rounds: t.rounds, firstTo: t.firstTo ?? 1 });
  return fitContent([
    {
      head: [head],
      items: [
        ...boards.map((p) =>
          tr(show.pairingLine, { board: p.board, south: mention(p.southId), north: mention(p.northId ?? "") }),
        ),
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
  const head = [final ? tr("game:tournament.final", { title }) : title, statusText(view, tr)];
  if (formatOf(t).show.table === "bracket") return bracketText(view, head, tr);
  head.push(
    formatOf(t).show.table === "tie-breaks"
      ? tr("game:tournament.columns")
      : tr("game:tournament.arenaColumns", { moves: EARLY_DRAW_MOVES }),
  );
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
