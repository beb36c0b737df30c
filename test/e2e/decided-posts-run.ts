// The decided-posts crash run (issue #33): a Swiss, an arena and a knockout play out through the local
// Discord (which lives on in the test process) while the bot process is killed with SIGKILL at random
// (seeded) moments and started again, beside a casual first-to-three series. Players resign their games as soon
// as they see them in the database, often before their boards are posted. When all three are over, the bot is started once more, and every post
// the tournaments' transactions decided (the outbox's rows: each round's pairings and boards, the arena's and
// knockout's new games, the final standings; every game's ending notice; the next games of the knockout's
// first-to-two matches and of the series) is checked in the channel: there, and there once. The final standings
// come after the deciding game's "… is over". Used by test/e2e/decided-posts.test.ts and
// bench/crash-soak.ts.
import type { APIMessage } from "discord-api-types/v10";
import { openDatabase } from "../../src/db/client.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { type BotWorld, botWorld } from "./bot-process.ts";
import type { Child } from "./harness.ts";

export interface DecidedOptions {
  readonly seed: number;
  /** The bot lives between these many milliseconds after it is ready, then SIGKILL. */
  readonly lifeMs: readonly [number, number];
  /** Gives up (and reports what is unfinished) after this long. */
  readonly limitMs: number;
  readonly log?: (line: string) => void;
}

export interface DecidedReport {
  readonly kills: number;
  /** Decided posts checked (the outbox's rows of the three tournaments, and each board they post). */
  readonly postsChecked: number;
  /** Messages made twice (the same nonce, or a second final standings or round header). */
  readonly duplicates: string[];
  /** Decided posts not in the channel, or tournaments not finished. */
  readonly lost: string[];
  /** Final standings posted before the deciding game's ending notice. */
  readonly outOfOrder: string[];
  readonly ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Row {
  id: string;
  status: string;
  finished_by_game: string | null;
  format: string;
  message_id: string | null;
}

export async function runDecidedCrash(options: DecidedOptions): Promise<DecidedReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed);
  const between = ([lo, hi]: readonly [number, number]) => lo + Math.floor(random() * (hi - lo));
  const world: BotWorld = await botWorld(`e2e.decided.${options.seed}`, { ackTimeoutMs: 5000, deferredWaitMs: 5000 });
  const { driver } = world;
  let bot: Child | null = null;
  let kills = 0;
  try {
    bot = await world.start();
    const swiss = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const arena = Array.from({ length: 4 }, (_, i) => `a${i}`);
    const knockout = Array.from({ length: 4 }, (_, i) => `k${i}`);
    await driver.users("admin", ...swiss, ...arena, ...knockout, "c0", "c1");
    const db = openDatabase(world.databasePath);
    const tournamentOf = (messageId: string) =>
      db.sqlite.prepare("SELECT id FROM tournaments WHERE message_id = ?").get(messageId) as { id: string } | undefined;

    /** Created, joined and started while the bot is alive (what the crash is about comes after). */
    async function createAndStart(create: string, names: readonly string[]): Promise<string> {
      const created = await driver.command("admin", `/nickar-tournament create ${create}`);
      const announcement: APIMessage = created.body.messages[0];
      for (let i = 0; i < 100 && !tournamentOf(announcement.id); i++) await sleep(50);
      for (const name of names) await driver.click(name, announcement.id, "Join");
      const start = await driver.click("admin", announcement.id, "Start");
      if (start.status !== 200) throw new Error(`start refused: ${JSON.stringify(start.body)}`);
      return tournamentOf(announcement.id)!.id;
    }
    const ids = [
      await createAndStart("ruleset:abapa rounds:3 time:1h", swiss),
      await createAndStart("format:arena ruleset:abapa minutes:10 time:1h", arena),
      await createAndStart("format:knockout ruleset:abapa first_to:2 time:1h", knockout),
    ];
    const [, arenaId] = ids;
    // A casual first-to-three series beside them: its games' endings and its next games are decided posts too.
    const challenge = await driver.command(
      "c0",
      "/nickar series challenge opponent:@c1 ruleset:abapa first:me first_to:3",
    );
    const accepted = await driver.click("c1", challenge.body.messages[0].id, "Accept");
    // A loaded machine may answer late (deferred): the series is there once its first game is.
    if (accepted.status !== 200 && accepted.status !== 202)
      throw new Error(`series accept refused: ${JSON.stringify(accepted.body)}`);
    const firstSeriesGame = db.sqlite.prepare(
      "SELECT series_id AS id FROM games WHERE south_id = ? AND series_id IS NOT NULL",
    );
    for (let i = 0; i < 200 && !firstSeriesGame.get(driver.idOf("c0")); i++) await sleep(50);
    const seriesId = (firstSeriesGame.get(driver.idOf("c0")) as { id: string }).id;
    const tournamentRows = () =>
      ids.map((id) => db.sqlite.prepare("SELECT * FROM tournaments WHERE id = ?").get(id) as Row);
    const allOver = () => seriesOver(db, seriesId) && tournamentRows().every((t) => t.status === "finished");

    // The players: each active game of the three is resigned (by North) as soon as it is in the database. After
    // six arena games the arena's time is up (its end moved to now), so it finishes with its last game.
    let playing = true;
    let arenaEnded = false;
    const players = (async () => {
      while (playing) {
        if (!bot) {
          await sleep(50);
          continue;
        }
        const active = db.sqlite
          .prepare(
            `SELECT id, north_id FROM games WHERE status = 'active' AND (tournament_id IN (?, ?, ?) OR series_id = ?)`,
          )
          .all(...ids, seriesId) as { id: string; north_id: string }[];
        const arenaGames = (
          db.sqlite.prepare("SELECT count(*) AS n FROM games WHERE tournament_id = ?").get(arenaId) as { n: number }
        ).n;
        if (!arenaEnded && arenaGames >= 6) {
          db.sqlite.prepare("UPDATE tournaments SET ends_at = ? WHERE id = ?").run(Date.now() - 1, arenaId);
          arenaEnded = true;
        }
        for (const game of active) {
          if (!playing || !bot) break;
          const answer = await driver
            .command(driver.nameOf(game.north_id), `/nickar resign game:${game.id}`)
            .catch(() => null);
          if (answer && answer.status !== 200 && answer.status !== 202) log(`resign ${game.id}: ${answer.status}`);
        }
        await sleep(100);
      }
    })();

    // The killer, until the three are over (or the limit).
    while (Date.now() - started < options.limitMs && !allOver()) {
      await sleep(between(options.lifeMs));
      const victim = bot!;
      bot = null;
      victim.process.kill("SIGKILL");
      await victim.exited;
      kills++;
      log(
        `kill ${kills} at ${Date.now() - started} ms: ${tournamentRows()
          .map((t) => t.status)
          .join(", ")}`,
      );
      bot = await world.start();
    }
    // No more kills: the players finish what is left (a loaded machine may not have got through it all).
    const settle = Date.now() + 60_000;
    while (Date.now() < settle && !allOver()) await sleep(200);
    playing = false;
    await players;
    // A last kill and start: whatever was decided and not sent goes out from the start-up sweep.
    bot!.process.kill("SIGKILL");
    await bot!.exited;
    kills++;
    bot = await world.start();
    const unsent = () =>
      (db.sqlite.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL").get() as { n: number }).n;
    const until = Date.now() + 60_000;
    while (unsent() > 0 && Date.now() < until) await sleep(200);
    // Anything a resent post would add shows up within this.
    await sleep(2000);
    const report = check(db, await driver.messages(), tournamentRows(), seriesId);
    db.close();
    return { kills, ...report, ms: Date.now() - started };
  } finally {
    await world.close();
  }
}

/** The checks on the channel as it is once everything was sent. */
function check(db: ReturnType<typeof openDatabase>, messages: APIMessage[], rows: Row[], seriesId: string) {
  const duplicates: string[] = [];
  const lost: string[] = [];
  const outOfOrder: string[] = [];
  let postsChecked = 0;
  const byId = new Map(messages.map((m) => [m.id, m]));
  // Every message made with a nonce: a nonce seen twice is a post made twice.
  const nonces = new Map<string, number>();
  for (const m of messages) {
    if (m.nonce === undefined) continue;
    nonces.set(String(m.nonce), (nonces.get(String(m.nonce)) ?? 0) + 1);
  }
  for (const [nonce, count] of nonces) if (count > 1) duplicates.push(`nonce ${nonce}: ${count} messages`);
  for (const t of rows) {
    if (t.status !== "finished") lost.push(`tournament ${t.id} (${t.format}) not finished: ${t.status}`);
    const outbox = db.sqlite
      .prepare("SELECT key, kind, args, sent_at, message_id FROM outbox WHERE subject_id = ?")
      .all(t.id) as { key: string; kind: string; args: string; sent_at: number | null; message_id: string | null }[];
    for (const row of outbox) {
      postsChecked++;
      if (row.sent_at === null) lost.push(`${row.key}: never sent`);
      else if (!row.message_id || !byId.has(row.message_id)) lost.push(`${row.key}: no message in the channel`);
      if (row.kind !== "tournament-round") continue;
      // Each board of the round: posted (bound to its game) unless the game ended before its post.
      for (const gameId of (JSON.parse(row.args) as { games: string[] }).games) {
        const g = db.sqlite.prepare("SELECT message_id, status FROM games WHERE id = ?").get(gameId) as {
          message_id: string | null;
          status: string;
        };
        if (g.message_id === null) continue;
        postsChecked++;
        if (!byId.has(g.message_id)) lost.push(`board of ${gameId}: bound to a message not in the channel`);
      }
    }
    // Round headers and final standings: once each, by what they say.
    const finals = messages.filter((m) => m.attachments?.some((a) => a.filename === `nickar-podium-${t.id}.png`));
    if (finals.length !== 1) (finals.length ? duplicates : lost).push(`final standings of ${t.id}: ${finals.length}`);
    if (t.format === "swiss") {
      for (let round = 1; round <= 3; round++) {
        const headers = messages.filter((m) => m.content.includes(`\`${t.id}\`, round ${round} of 3**`));
        if (headers.length > 1) duplicates.push(`round ${round} of ${t.id}: ${headers.length} headers`);
      }
    }
    // The deciding game's ending before the final standings (snowflakes grow with time).
    const ending = t.finished_by_game
      ? messages.filter((m) => m.content.includes(`game \`${t.finished_by_game}\` is over`))
      : [];
    if (finals.length === 1 && ending.length > 0 && BigInt(ending[0].id) > BigInt(finals[0].id)) {
      outOfOrder.push(`${t.id}: the final standings before game ${t.finished_by_game}'s ending`);
    }
    if (finals.length === 1 && t.finished_by_game && ending.length === 0)
      lost.push(`${t.id}: no ending notice for the deciding game ${t.finished_by_game}`);
  }
  // Every game's ending notice and every series' next game (the knockout's matches, the casual series): the
  // outbox's rows of the games, each sent; each ending "… is over" in the channel once, each next game's board
  // there unless it ended before its post. (Its order after the ending is the outbox's; a handler that lives
  // posts the next game with its answer, before the notices.)
  if (seriesOver(db, seriesId) === false) lost.push(`series ${seriesId} not over`);
  const gameRows = db.sqlite
    .prepare(
      `SELECT id, status, message_id FROM games WHERE tournament_id IN (${rows.map(() => "?").join(", ")}) OR series_id = ?`,
    )
    .all(...rows.map((t) => t.id), seriesId) as { id: string; status: string; message_id: string | null }[];
  const outboxOfGame = db.sqlite.prepare(
    "SELECT key, kind, after_key, sent_at, message_id FROM outbox WHERE subject_id = ?",
  );
  const withText = (text: string) => messages.filter((m) => m.content.includes(text));
  for (const g of gameRows) {
    const posts = outboxOfGame.all(g.id) as {
      key: string;
      kind: string;
      after_key: string | null;
      sent_at: number | null;
      message_id: string | null;
    }[];
    for (const row of posts) {
      postsChecked++;
      if (row.sent_at === null) lost.push(`${row.key}: never sent`);
      if (row.kind === "next-game" && row.message_id !== null && !byId.has(row.message_id))
        lost.push(`${row.key}: no message in the channel`);
      if (row.kind === "next-game" && row.message_id === null && g.message_id !== null)
        lost.push(`${row.key}: marked sent without its board`);
    }
    if (g.status === "active") continue;
    const endings = withText(`game \`${g.id}\` is over`).length;
    if (endings !== 1) (endings ? duplicates : lost).push(`ending of ${g.id}: ${endings} notices`);
    if (!posts.some((r) => r.kind === "game-ending")) lost.push(`ending of ${g.id}: not in the outbox`);
  }
  return { postsChecked, duplicates, lost, outOfOrder };
}

function seriesOver(db: ReturnType<typeof openDatabase>, id: string): boolean {
  return (
    (db.sqlite.prepare("SELECT status FROM series WHERE id = ?").get(id) as { status: string }).status !== "active"
  );
}
