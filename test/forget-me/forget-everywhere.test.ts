// "Forgotten means forgotten" (issue 33), checked against SQLite's own catalogue rather than a list of tables:
// - every table of the database is declared in src/forget-me/user-columns.ts (what forget-me does with it), and
//   every column that holds an id is either declared there or known to name something else than a person;
// - a player who did everything (games, challenges, ladder, series, seasons, role rules and a role from Nickar,
//   a Swiss, an arena and a knockout, puzzles and the daily puzzle, an analysis, settings) forgets themselves
//   through the command and its button, and their id is then found in no column of any table, of any type,
//   JSON and sentences included; the role Nickar gave them is taken back in Discord first, the one an admin
//   gave them by hand stays.
// A table added later is in the catalogue: undeclared, the first test fails; declared, the second scans it.
import { getTableName } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import type { RoleKeeper } from "../../src/competition/jobs/role-keeper.ts";
import { rememberNotice } from "../../src/db/notice-store.ts";
import { enqueue } from "../../src/db/outbox.ts";
import type { TournamentFormat } from "../../src/db/schema.ts";
import { USER_COLUMNS } from "../../src/forget-me/user-columns.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import { gameNoticeKey } from "../../src/interactions/reply.ts";
import { catalogue, columnsContaining } from "../support/catalogue.ts";
import { ALICE, BOB, CAROL, CHANNEL, DEFAULTS, GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, finish, playGame, startGame } from "../support/play.ts";
import { type Posted, RoleDiscord, standInKeeper } from "../support/role-discord.ts";

/** A snowflake as Discord's are, that no other stored value can contain by chance. */
const PLAYER = "876543210987654321";
const ADMIN = "1009";
/** Follows the latest first-to-1 series' winner; the player sets its rule (as an admin) and wins it. */
const CHAMPION = "7001";
/** Follows the top of the abapa ladder (the player, once they beat Alice); Discord refuses it at the forget. */
const LADDER_TOP = "7003";
/** Given to the player by an admin: Nickar never takes it. */
const BY_HAND = "7002";

/**
 * Columns that hold an id of something other than a person (a server, a channel, a message, a game…). Every
 * other text column named `…_id` or `…_by` must be declared in USER_COLUMNS (user ids are stored as text; the
 * integer `…_by` columns are seats, 0 or 1).
 */
const OTHER_IDS = new Set([
  "guild_id",
  "channel_id",
  "message_id",
  "game_id",
  "series_id",
  "tournament_id",
  // The outbox row's subject: a tournament's, game's or rule's id (the user it names is `user_id`).
  "subject_id",
  "puzzle_id",
  "role_id",
  "source_game_id",
  "source_guild_id",
]);

let w: World;
let discord: RoleDiscord;
let keeper: RoleKeeper;
let posted: Posted[];
let sent: () => Promise<void>;
beforeEach(() => {
  discord = new RoleDiscord();
  // The app reaches the keeper (the Discord side) for forget-me's first step, as src/discord/bot.ts wires it.
  w = setup(undefined, undefined, { rolesTakenBack: (userId, forget) => keeper.forgetting(userId, forget) });
  ({ keeper, posted, sent } = standInKeeper(w.app, discord));
});
afterEach(() => w.close());

const declared = USER_COLUMNS.flatMap(({ table, columns }) =>
  columns.map(([column, fate]) => ({ table: getTableName(table), column: column.name, fate })),
);

describe("forget-me against the catalogue", () => {
  it("user columns - every table declared, every declared column a text column of its table - the catalogue", () => {
    const tables = catalogue(w.db());
    expect(USER_COLUMNS.map((u) => getTableName(u.table)).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const { table, column } of declared) {
      const found = tables.find((t) => t.name === table)?.columns.find((c) => c.name === column);
      expect(found?.type.toLowerCase(), `${table}.${column}`).toBe("text");
    }
  });

  it("user columns - every text column holding an id is declared or names no person - the catalogue", () => {
    const named = new Set(declared.map((d) => `${d.table}.${d.column}`));
    const undeclared = catalogue(w.db()).flatMap((table) =>
      table.columns
        .filter((c) => c.type.toLowerCase() === "text" && /_(id|by)$/.test(c.name))
        .filter((c) => !OTHER_IDS.has(c.name) && !named.has(`${table.name}.${c.name}`))
        .map((c) => `${table.name}.${c.name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("forget-me - the id in no column of any table, the role Nickar gave taken back, the one given by hand kept - a player in every feature", async () => {
    const { active } = await everywhere();
    const db = w.db();
    // Every table holds something to search (the placeholders come with the forget), and every declared
    // column names the player: the scan below would find them if the forget missed one.
    for (const table of catalogue(db)) {
      if (table.name === "forgotten_players") continue;
      expect(db.get<{ n: number }>(`SELECT count(*) AS n FROM "${table.name}"`)?.n, table.name).toBeGreaterThan(0);
    }
    const before = columnsContaining(db, PLAYER);
    for (const { table, column } of declared) expect(before).toContain(`${table}.${column}`);
    expect(discord.roles(GUILD, PLAYER)).toEqual([CHAMPION, BY_HAND, LADDER_TOP]);
    // The ladder's role was moved above Nickar's since: Discord refuses to take it back.
    discord.refuse = { code: 50013, roleId: LADDER_TOP };

    w.clock.advance(60_000);
    const asked = await COMMANDS["forget-me"].handle(w.ctx(PLAYER), options({}));
    const [yes] = buttonIds(asked).map((id) => parseCustomId(id)!);
    const done = await handleButton(w.ctx(PLAYER), yes);
    expect(done.reply.content).toContain("Nickar has forgotten you");

    expect(columnsContaining(db, PLAYER)).toEqual([]);
    // The champion's role taken back first; the refused one stays with them, its rule stopped and reported (the
    // record of it is gone with the rest: an admin takes it by hand); the one given by hand stays.
    expect(discord.calls.slice(-2).sort()).toEqual([`DELETE ${PLAYER} ${CHAMPION}`, `DELETE ${PLAYER} ${LADDER_TOP}`]);
    expect(discord.roles(GUILD, PLAYER)).toEqual([BY_HAND, LADDER_TOP]);
    // Sent by the outbox with the rest of what the day decided (the tournament's posts, the games' endings).
    await sent();
    expect(posted.filter((p) => p.content.includes("could not keep"))).toHaveLength(1);
    // What stays for the others: the rules, one set by the player; their games (the one in progress resigned).
    const placeholder = db.get<{ p: string }>("SELECT placeholder AS p FROM forgotten_players")!.p;
    expect(w.app.roles.list(GUILD).map((r) => [r.roleId, r.createdBy, r.failure])).toEqual([
      [CHAMPION, placeholder, null],
      [LADDER_TOP, ADMIN, "above-nickar"],
    ]);
    expect(w.app.games.get(active)!.row).toMatchObject({ status: "finished", reason: "resign", southId: placeholder });
    // The next pass asks Discord nothing for the player nor for their placeholder (no member).
    const calls = discord.calls.length;
    keeper.poke();
    await keeper.idle();
    expect(discord.calls.slice(calls).filter((c) => c.includes(PLAYER) || c.split(" ")[1] === placeholder)).toEqual([]);
  });
});

/** The player everywhere; returns their game in progress. */
async function everywhere(): Promise<{ active: string }> {
  const admin = (userId = ADMIN) => w.ctx(userId, { canManageGuild: true });
  // Settings: the ladder on, one rated game a day between two players (the notes of the next name them),
  // the daily puzzle; a second season.
  await COMMANDS["nickar-admin settings"].handle(
    admin(),
    options({ ladder: true, max_games: 20, pair_limit: 1, daily_puzzle: { id: CHANNEL } }),
  );
  await COMMANDS["nickar-admin season new"].handle(admin(), options());
  await handleButton(admin(), { type: "season", season: 1 });
  w.app.players.setNotify(PLAYER, "dm");

  // A rated game with moves (analysed and mined below), then a second the pair limit leaves unrated (its
  // challenge's note names the two).
  const played = await startGame(w, PLAYER, ALICE);
  await playMoves(played, 12);
  await finish(w, played, "south");
  await playGame(w, PLAYER, ALICE, "north");
  // A game an admin voided, the reason naming the player.
  const voided = await playGame(w, BOB, PLAYER, "north");
  await COMMANDS["nickar-admin void"].handle(admin(), options({ game: voided, reason: `<@${PLAYER}> played twice` }));
  // A game an admin cancelled, the note naming the player.
  const cancelled = await startGame(w, CAROL, PLAYER, { rated: false });
  await COMMANDS["nickar-admin cancel"].handle(admin(), options({ game: cancelled, reason: `asked by <@${PLAYER}>` }));

  // The ladder: the player challenges Alice, above, and wins.
  for (const id of [ALICE, PLAYER, BOB]) await COMMANDS["ladder join"].handle(w.ctx(id), options());
  const ladder = await COMMANDS["ladder challenge"].handle(w.ctx(PLAYER), options({ opponent: { id: ALICE } }));
  const accepted = await handleButton(w.ctx(ALICE), {
    type: "challenge",
    challengeId: ladder.bind!.id,
    action: "accept",
  });
  await finish(w, accepted.bind!.id, w.app.games.get(accepted.bind!.id)!.row.southId === PLAYER ? "south" : "north");

  // A first-to-1 series the player wins, and the role that follows its champion, set by the player as an admin;
  // another role an admin gave them by hand.
  await COMMANDS["nickar-admin roles set"].handle(
    admin(PLAYER),
    options({ role: { id: CHAMPION }, follows: "series-champion", value: 1 }),
  );
  const series = await COMMANDS["series challenge"].handle(
    w.ctx(PLAYER),
    options({ opponent: { id: BOB }, first_to: 1, rated: false }),
  );
  const first = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: series.bind!.id, action: "accept" });
  w.app.games.resign(first.bind!.id, BOB, null);
  await COMMANDS["nickar-admin roles set"].handle(
    admin(),
    options({ role: { id: LADDER_TOP }, follows: "ladder-top", ruleset: "abapa" }),
  );
  discord.member(GUILD, PLAYER, BY_HAND);
  keeper.poke();
  await keeper.idle();

  // Tournaments of all three formats: a Swiss the player organised and played to its end, an arena and a
  // knockout under way.
  const swiss = tournament("swiss", PLAYER, [PLAYER, ALICE, BOB, CAROL], { rounds: 1 });
  for (const game of w.app.tournaments.view(swiss).games) w.app.games.resign(game.id, game.northId, null);
  expect(w.app.tournaments.find(swiss).status).toBe("finished");
  tournament("arena", ADMIN, [PLAYER, ALICE, BOB, CAROL], { minutes: 60 });
  tournament("knockout", ADMIN, [PLAYER, ALICE, CAROL], { firstTo: 1 });

  // Puzzles: a rated try given up, and the daily puzzle's.
  const tried = w.app.puzzles.next({ userId: PLAYER, guildId: GUILD, ruleset: "abapa" });
  w.app.puzzles.giveUp(tried.attempt.id, PLAYER, tried.attempt.step);
  const today = new Date(w.clock.now()).toISOString().slice(0, 10);
  w.app.dailyPuzzles.choose(GUILD, CHANNEL, today);
  w.app.dailyPuzzles.start(PLAYER, GUILD, today);

  // The game with moves analysed at the player's request and mined for puzzles; a turn notice on display; the
  // bot's heartbeat.
  w.app.analyses.request({ gameId: played, guildId: GUILD, channelId: CHANNEL, userId: PLAYER });
  expect(w.app.puzzleMining.next()?.gameId).toBe(played);
  rememberNotice(w.db(), { messageId: "9001", key: gameNoticeKey(played), channelId: CHANNEL, createdAt: 1 });
  w.app.uptime.heartbeat();
  // A decided post that names them, not sent yet (a withdrawal for missed games, as the outbox holds it).
  enqueue(
    w.db(),
    {
      guildId: GUILD,
      channelId: CHANNEL,
      subjectId: "t-missed",
      key: "tournament:t-missed:withdrawn",
      kind: "tournament-withdrawn",
      userId: PLAYER,
      args: { missed: 2 },
    },
    w.clock.now(),
  );

  // In progress: a game, and challenges both ways.
  const active = await startGame(w, PLAYER, CAROL, { rated: false });
  await COMMANDS.challenge.handle(w.ctx(PLAYER), options({ opponent: { id: BOB } }));
  await COMMANDS.challenge.handle(w.ctx(CAROL), options({ opponent: { id: PLAYER } }));
  return { active };
}

/** `plies` legal moves in an active game: each time the first house the engine accepts. */
async function playMoves(gameId: string, plies: number): Promise<void> {
  for (let i = 0; i < plies; i++) {
    const { row, state } = w.app.games.get(gameId)!;
    const mover = state.position.toMove === 0 ? row.southId : row.northId;
    const moved = [1, 2, 3, 4, 5, 6].some((house) => {
      try {
        w.app.games.play(gameId, mover, house, row.ply);
        return true;
      } catch {
        return false;
      }
    });
    expect(moved, `a legal move at ply ${row.ply}`).toBe(true);
  }
}

/** A tournament of `format` organised by `createdBy`, with `entrants`, started. */
function tournament(
  format: TournamentFormat,
  createdBy: string,
  entrants: readonly string[],
  extra: { rounds?: number; minutes?: number; firstTo?: number },
): string {
  const t = w.app.tournaments.create({
    guildId: GUILD,
    channelId: CHANNEL,
    ruleset: "abapa",
    format,
    timeLimit: DEFAULTS.timeLimit,
    rated: false,
    createdBy,
    ...extra,
  });
  for (const id of entrants) w.app.tournaments.join(t.id, id);
  w.app.tournaments.start(t.id);
  return t.id;
}
