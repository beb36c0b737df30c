/**
 * The /nickar table: the players' subcommands, then the ladder and series groups, in the order Discord
 * shows them, with their guards. All but `rules` run in a server; those that act in a game as one of its
 * players (move, resign, draw, takeback, abort) are guarded by PLAYER, checked by the router first.
 */
import { challenge } from "../../challenges/commands/challenge.ts";
import { play } from "../../challenges/commands/play.ts";
import { ladderChallenge } from "../../competition/commands/ladder-challenge.ts";
import { ladderJoin } from "../../competition/commands/ladder-join.ts";
import { ladderLeave } from "../../competition/commands/ladder-leave.ts";
import { ladderShow } from "../../competition/commands/ladder-show.ts";
import { leaderboard } from "../../competition/commands/leaderboard.ts";
import { seriesChallenge } from "../../competition/commands/series-challenge.ts";
import { seriesResign } from "../../competition/commands/series-resign.ts";
import { seriesStandings } from "../../competition/commands/series-standings.ts";
import { stats } from "../../competition/commands/stats.ts";
import { forgetMe } from "../../forget-me/commands/forget-me.ts";
import { abort } from "../../games/commands/abort.ts";
import { analyse } from "../../games/commands/analyse.ts";
import { board } from "../../games/commands/board.ts";
import { draw } from "../../games/commands/draw.ts";
import { exportGame } from "../../games/commands/export.ts";
import { game } from "../../games/commands/game.ts";
import { PLAYER, playerOf } from "../../games/commands/game-option.ts";
import { games } from "../../games/commands/games.ts";
import { history } from "../../games/commands/history.ts";
import { move, moveTarget } from "../../games/commands/move.ts";
import { notify } from "../../games/commands/notify.ts";
import { resign } from "../../games/commands/resign.ts";
import { rules } from "../../games/commands/rules.ts";
import { takeback } from "../../games/commands/takeback.ts";
import type { Command, Guard, RootTable, TableEntry } from "../command.ts";
import { COMMAND_NAME } from "../groups.ts";
import { GUILD } from "../guards.ts";
import { settings } from "../settings.ts";

/** A subcommand used in a server, and what else must hold. */
const inServer = (command: Command, ...guards: Guard[]): TableEntry => ({ command, guards: [GUILD, ...guards] });

export const nickar: RootTable = {
  name: COMMAND_NAME,
  subcommands: [
    inServer(challenge),
    inServer(play),
    // The game may be named by the house suggested (`C@<game>`) as well as by the `game` option.
    inServer(move, playerOf(moveTarget)),
    inServer(board),
    inServer(resign, PLAYER),
    inServer(draw, PLAYER),
    inServer(takeback, PLAYER),
    inServer(abort, PLAYER),
    inServer(games),
    inServer(notify),
    // The rules of a ruleset: anywhere.
    { command: rules },
    inServer(settings),
    inServer(leaderboard),
    inServer(stats),
    inServer(history),
    inServer(game),
    inServer(analyse),
    inServer(exportGame),
    inServer(forgetMe),
  ],
  groups: [
    {
      name: "ladder",
      texts: { name: "commands:group.ladder.name", description: "commands:group.ladder.description" },
      subcommands: [inServer(ladderShow), inServer(ladderJoin), inServer(ladderLeave), inServer(ladderChallenge)],
    },
    {
      name: "series",
      texts: { name: "commands:group.series.name", description: "commands:group.series.description" },
      subcommands: [inServer(seriesChallenge), inServer(seriesResign), inServer(seriesStandings)],
    },
  ],
};
