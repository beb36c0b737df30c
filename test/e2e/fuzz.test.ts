// The fuzz test: random interactions (random users, subcommands and options, buttons of any message
// pressed by anyone, out-of-date buttons, autocomplete, several at once) thrown at the real bot
// through the local Discord by a seeded generator. Nothing may crash: every interaction is
// answered (no "The application did not respond", no answer Discord rejects, no Discord error on
// the way), the bot logs no failure, and every stored game replays to its cached position.
import { Writable } from "node:stream";
import type { APIMessage } from "discord-api-types/v10";
import { pino } from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nickarCommand } from "../../src/commands/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { databaseProblems } from "./consistency.ts";
import { type Answer, buttonsOf, gameRef, moverOf, type Stack, startStack } from "./harness.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 1122);
const ACTIONS = Number(process.env.FUZZ_ACTIONS ?? 600);
const USERS = ["ann", "ben", "cid", "dot", "eve", "admin"];

/** What the local Discord answers when the bot did its job (or the Discord client refused to send). */
const ANSWERED = new Set([200]);
const REFUSED_BY_THE_CLIENT = new Set([400, 403, 404, 409]);

/** The parts of a registered option the generator uses. */
interface Option {
  readonly type: number;
  readonly name: string;
  readonly choices?: readonly { name: string; value: string | number }[];
  readonly options?: readonly Option[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly required?: boolean;
  readonly autocomplete?: boolean;
}

/** Every subcommand as typed: "challenge" or "ladder join", with its options. */
function subcommands(): { path: string; options: readonly Option[] }[] {
  const top = nickarCommand().toJSON().options as unknown as readonly Option[];
  return top.flatMap((o) =>
    o.type === 2
      ? (o.options ?? []).map((s) => ({ path: `${o.name} ${s.name}`, options: s.options ?? [] }))
      : [{ path: o.name, options: o.options ?? [] }],
  );
}

const errorLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n"))
      if (line.includes('"level":50') || line.includes('"level":60')) errorLines.push(line);
    done();
  },
});

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ logger: pino({ level: "warn" }, capture) });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});

it("fuzz - every random interaction is answered, nothing fails, every game replays - seeded", async () => {
  const { driver } = stack;
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number) => random() < p;
  const USER_IDS = new Set(await driver.users(...USERS));
  const commands = subcommands();
  const gameIds = new Set<string>();
  /** Custom ids seen on each message, for presses on out-of-date boards. */
  const seen = new Map<string, Set<string>>();
  const outcomes = new Map<string, number>();
  const failures: string[] = [];

  const junk = () =>
    pick([
      "",
      "x",
      "ZZZZZZZZ",
      "-1",
      "999999",
      "g:abc:1:m:3",
      "<@1>",
      "@everyone",
      "\u{1F40D}",
      "a".repeat(150),
      "'; DROP TABLE games; --",
    ]);

  function value(option: Option): string | null {
    switch (option.type) {
      case 3: {
        if (option.choices?.length && !chance(0.1)) return String(pick(option.choices).value);
        if (option.name === "game" || option.name === "id")
          return chance(0.8) && gameIds.size ? pick([...gameIds]) : junk();
        if (option.name === "house") return pick(["a", "B", "c", "D", "e", "F", "1", "6", "7", "g", "0"]);
        return junk();
      }
      case 4: {
        const lo = option.min_value ?? -5;
        const hi = option.max_value ?? 50;
        return String(Math.floor(lo - 2 + random() * (hi - lo + 5)));
      }
      case 5:
        return chance(0.5) ? "true" : "false";
      case 6:
        return `@${pick([...USERS, "Nickar"])}`;
      case 7:
        return pick(["#games", "#general"]);
      default:
        return null;
    }
  }

  const quote = (v: string) => (/[\s"]/.test(v) || v === "" ? `"${v.replace(/["\\]/g, "\\$&")}"` : v);

  function commandText(): { text: string; sub: { path: string; options: readonly Option[] } } {
    const sub = pick(commands);
    const parts = [`/nickar ${sub.path}`];
    for (const option of sub.options) {
      if (!option.required && !chance(0.4)) continue;
      const v = value(option);
      if (v !== null) parts.push(`${option.name}:${quote(v)}`);
    }
    return { text: parts.join(" "), sub };
  }

  function record(kind: string, answer: Answer, what: string) {
    const key = `${kind} ${answer.status}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    const errors = (answer.body?.errors ?? []) as unknown[];
    if (!ANSWERED.has(answer.status) && !REFUSED_BY_THE_CLIENT.has(answer.status)) {
      failures.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 400)}`);
    } else if (errors.length > 0) {
      failures.push(`${what}: Discord errors ${JSON.stringify(errors).slice(0, 400)}`);
    }
    for (const m of (answer.body?.messages ?? []) as APIMessage[]) {
      const ref = gameRef(m);
      if (ref) gameIds.add(ref.gameId);
      const ids = seen.get(m.id) ?? new Set<string>();
      for (const b of buttonsOf(m)) if (b.custom_id) ids.add(b.custom_id);
      seen.set(m.id, ids);
    }
  }

  async function act(): Promise<void> {
    const user = pick(USERS);
    const roll = random();
    if (roll < 0.4) {
      const { text } = commandText();
      record("command", await driver.command(user, text, chance(0.9) ? "games" : "general"), `${user} ${text}`);
      return;
    }
    if (roll < 0.5) {
      const { text, sub } = commandText();
      const focusable = sub.options.filter((o) => o.autocomplete);
      if (focusable.length === 0) return;
      const focused = pick(focusable).name;
      const typed = text.includes(`${focused}:`) ? text : `${text} ${focused}:`;
      record(
        "autocomplete",
        await driver.call("/local/autocomplete", { user, channel: "games", text: typed, focused }),
        `${user} ${typed}`,
      );
      return;
    }
    const messages = (await driver.messages("games", user)).slice(-30).filter((m) => buttonsOf(m).length > 0);
    if (messages.length === 0) return;
    // Boards with house buttons half the time, so that games advance.
    const boards = messages.filter((m) => moverOf(m) !== null);
    const message = boards.length && chance(0.5) ? pick(boards) : pick(messages);
    if (roll < 0.6 && seen.get(message.id)?.size) {
      const stale = pick([...seen.get(message.id)!]);
      record("stale click", await driver.click(user, message.id, stale, true), `${user} stale ${stale}`);
      return;
    }
    const buttons = buttonsOf(message).filter((b) => b.custom_id && !b.disabled);
    if (buttons.length === 0) return;
    const button = pick(buttons);
    // Half the time the player the board names presses, so that games advance.
    // Mostly someone the message is about: the player to move, the challenged player.
    const mover = moverOf(message);
    const mentioned = [...message.content.matchAll(/<@(\d+)>/g)].map((m) => m[1]).filter((id) => USER_IDS.has(id));
    const presser =
      mover && chance(0.7)
        ? driver.nameOf(mover.userId)
        : mentioned.length && chance(0.6)
          ? driver.nameOf(pick(mentioned))
          : user;
    record("click", await driver.click(presser, message.id, button.custom_id!), `${presser} ${button.custom_id}`);
  }

  // Something to press from the start: a few challenges accepted.
  for (let i = 0; i < 3; i++) {
    const challenge = await driver.command(USERS[i], `/nickar challenge opponent:@${USERS[i + 1]}`);
    record("command", challenge, "setup challenge");
  }

  let done = 0;
  const started = Date.now();
  while (done < ACTIONS) {
    // Several interactions at once, as in a busy channel.
    const batch = 1 + Math.floor(random() * 6);
    await Promise.all(Array.from({ length: batch }, () => act()));
    done += batch;
  }
  // Nickar (one of the opponents) has no clock: its games have no deadline while it is to move.
  const { games, problems } = databaseProblems(
    stack.database,
    new Set([stack.playground.local.localDiscord.context.store.bot.id]),
  );
  const moves = stack.database.sqlite.prepare("SELECT COALESCE(SUM(ply), 0) AS n FROM games").get() as { n: number };
  console.log(
    `fuzz (seed ${SEED}): ${done} interactions in ${((Date.now() - started) / 1000).toFixed(1)} s, ${games} games (${moves.n} moves) replayed; ${[...outcomes].map(([k, n]) => `${k}: ${n}`).join(", ")}`,
  );
  expect(failures).toEqual([]);
  expect(errorLines.map((l) => l.slice(0, 600))).toEqual([]);
  expect(problems).toEqual([]);
  expect(games).toBeGreaterThan(0);
}, 300_000);
