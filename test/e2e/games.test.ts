// A complete game in every ruleset, played through the local Discord by the real bot: slash commands
// and button clicks, the real SQLite file and the real board renderer.
import type { APIMessage } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import {
  type GameState,
  type MoveEvent,
  newGame,
  play,
  RULESET_IDS,
  type RulesetId,
  seededRandom,
} from "../../src/engine/internal.ts";
import { translator } from "../../src/i18n/index.ts";
import { narrateMove } from "../../src/present/narrate.ts";
import {
  buttonsOf,
  type Driver,
  gameRow,
  isEphemeral,
  moveButtons,
  moverOf,
  sharedStack,
  startGame,
  waitFor,
  waitForPly,
} from "./harness.ts";

/**
 * Seeds whose random games are short and show what sets the ruleset apart (checked below against
 * the engine, so a change of the engine that loses the feature fails loudly instead of silently).
 */
const CASES: Record<RulesetId, { seed: number; feature: (events: MoveEvent[]) => boolean; shows: string }> = {
  abapa: {
    seed: 1788,
    shows: "a grand slam that captures nothing",
    feature: (e) => e.some((x) => x.type === "grand-slam" && x.treatment === "no-capture"),
  },
  wari: {
    seed: 1866,
    shows: "a forced grand slam",
    feature: (e) => e.some((x) => x.type === "grand-slam" && x.treatment === "forced"),
  },
  caribbean: {
    seed: 273,
    shows: "a grand slam and an extra move",
    feature: (e) => e.some((x) => x.type === "extra-move"),
  },
  speightstown: {
    seed: 273,
    shows: "a starvation claim ending in a draw",
    feature: (e) => e.some((x) => x.type === "award" && x.kind === "starvation"),
  },
  bridgetown: {
    seed: 470,
    shows: "the division of the last seeds",
    feature: (e) => e.some((x) => x.type === "award" && x.kind === "division"),
  },
  haiti: { seed: 672, shows: "a Kay", feature: (e) => e.some((x) => x.type === "capture" && x.kay === true) },
};

const stack = sharedStack();

const SIDES = ["South", "North"] as const;

/** The house letter of a button label ("C · 5" -> "C"). */
const letterOf = (label: string) => label.split(" ")[0];

/**
 * Plays the game to its end: the player to move is read from the message each time, and chooses
 * among the enabled house buttons; every fourth move (the 3rd, 7th...) is typed instead, as
 * `/nickar move house:<letter>`. The test follows along with its own engine state and checks every
 * board (mover, buttons, narration, image) and the database row against it.
 */
async function playToTheEnd(
  driver: Driver,
  ruleset: RulesetId,
  players: [string, string],
  game: { gameId: string; messageId: string },
) {
  const { gameId, messageId } = game;
  // The same choices on every run.
  const rand = seededRandom(CASES[ruleset].seed);
  let mirror: GameState = newGame(ruleset);
  let message = (await driver.message(messageId))!;
  const allEvents: MoveEvent[] = [];
  let sameMoverTwice = false;
  let slashMoves = 0;
  for (let ply = 0; !mirror.outcome.over; ply++) {
    expect(ply).toBeLessThan(200);
    // Who moves, according to the message; the bot mentions them and names their side.
    const mover = moverOf(message);
    expect(mover, message.content).not.toBeNull();
    const seat = mirror.position.toMove;
    expect(mover!.side).toBe(SIDES[seat]);
    expect(mover!.userId).toBe(driver.idOf(players[seat]));
    const user = players[seat];
    // One button per house, enabled exactly for the legal moves, labelled "<letter> · <seeds>".
    const buttons = moveButtons(message);
    expect(buttons.map((b) => b.house)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(buttons.filter((b) => !b.disabled).map((b) => b.house)).toEqual([...mirror.legalMoves]);
    const enabled = buttons.filter((b) => !b.disabled);
    const choice = enabled[Math.floor(rand() * enabled.length)];

    if (ply % 4 === 2) {
      // Typed instead of clicked: the answer is private, the game message is edited afterwards.
      const answer = await driver.command(user, `/nickar move house:${letterOf(choice.label)}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.response.ephemeral).toBe(true);
      expect(answer.body.messages[0].content).toMatch(/^Played: /);
      message = await waitForPly(driver, messageId, ply + 1);
      slashMoves += 1;
    } else {
      const answer = await driver.click(user, messageId, choice.customId);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      message = (answer.body.messages as APIMessage[]).find((m) => m.id === messageId)!;
      expect(message).toBeDefined();
    }

    const played = play(mirror, choice.house);
    if (!played.ok) throw new Error(played.error.message);
    const before = mirror;
    mirror = played.value.state;
    allEvents.push(...played.value.events);
    if (!mirror.outcome.over && mirror.position.toMove === before.position.toMove) sameMoverTwice = true;
    // The narration of exactly this move, and a fresh board image for the new ply.
    const told = narrateMove(
      {
        ruleset,
        player: seat,
        house: choice.house,
        events: played.value.events,
        names: [`<@${driver.idOf(players[0])}>`, `<@${driver.idOf(players[1])}>`],
      },
      translator("en"),
    );
    expect(message.content).toContain(told);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ filename: expect.stringMatching(new RegExp(`-${ply + 1}\\.png$`)) });
    expect(message.attachments[0].content_type).toBe("image/png");
    expect(gameRow(stack().database, gameId)?.ply).toBe(ply + 1);
  }
  return { mirror, message, allEvents, sameMoverTwice, slashMoves };
}

describe("a complete game in every ruleset", () => {
  it.concurrent.each(RULESET_IDS.map((r) => [r]))(
    "game - ends with the result and no move buttons, finished in the database - %s",
    async (ruleset) => {
      const { driver, database } = stack();
      const players: [string, string] = [`${ruleset}_south`, `${ruleset}_north`];
      const started = await startGame(driver, players[0], players[1], ruleset);
      expect(started.message.content).toContain(`<@${driver.idOf(players[0])}> to move (South)`);

      const { mirror, message, allEvents, sameMoverTwice, slashMoves } = await playToTheEnd(
        driver,
        ruleset,
        players,
        started,
      );

      // The seed still shows what it was chosen for.
      expect(CASES[ruleset].feature(allEvents), CASES[ruleset].shows).toBe(true);
      if (ruleset === "caribbean") expect(sameMoverTwice).toBe(true);
      expect(slashMoves).toBeGreaterThan(0);

      // The final message: the result in bold, winner first, as the banner says it; the rating
      // changes; no house buttons (Animate, Rematch and Analyse); the final board with its alt text.
      if (!mirror.outcome.over) throw new Error("unreachable");
      const { winner } = mirror.outcome;
      const ids = players.map((p) => driver.idOf(p));
      const result =
        winner === null
          ? /\*\*Draw \d+–\d+( kay)?: [^*]+\*\*/
          : new RegExp(`\\*\\*<@${ids[winner]}> wins (\\d+)–(\\d+)( kay)?: [^*]+\\*\\*`);
      expect(message.content).toMatch(result);
      if (winner !== null) {
        const [, mine, theirs] = result.exec(message.content)!;
        expect(Number(mine)).toBeGreaterThanOrEqual(Number(theirs));
      }
      expect(message.content).toMatch(
        new RegExp(`Ratings: <@${ids[0]}> \\d+ \\([+−±]\\d+\\) · <@${ids[1]}> \\d+ \\([+−±]\\d+\\)`),
      );
      expect(message.content).not.toContain("to move");
      expect(message.content).not.toContain("Game over");
      expect(moveButtons(message)).toEqual([]);
      expect(buttonsOf(message).map((b) => b.label)).toEqual(["Animate", "Rematch", "Analyse"]);
      expect(message.attachments[0].description).toMatch(
        /board, game \w+\. Last move: .*(wins|Draw).*South, .*: houses A \d+/,
      );

      const row = gameRow(database, started.gameId)!;
      expect(row).toMatchObject({
        status: "finished",
        winner,
        reason: mirror.outcome.reason,
        ply: mirror.history.length,
        messageId: started.messageId,
      });
      expect(JSON.parse(row.moves)).toEqual([...mirror.history]);
      expect(row.finishedAt).not.toBeNull();
      expect(row.deadlineAt).toBeNull();

      // In the channel: the game message and the ending that pings both players with the result
      // and a Rematch button; nothing else (no error, no stray board; the last turn notice is
      // deleted once the game is over).
      const mine = await waitFor(async () => {
        const list = (await driver.messages()).filter((m) => ids.some((id) => m.content.includes(`<@${id}>`)));
        const notice = list.some((m) => / it is your move in game /.test(m.content));
        return list.length === 2 && !notice ? list : undefined;
      }, "only the game message and the ending to be left");
      expect(mine[0].id).toBe(started.messageId);
      const ending = mine[1];
      expect(ending.content).toMatch(new RegExp(`^<@${ids[0]}> <@${ids[1]}> game \`${started.gameId}\` is over: `));
      expect(ending.content).toMatch(result);
      expect(ending.mentions.map((u) => u.id).sort()).toEqual([...ids].sort());

      // Rematch: a challenge on the same terms, sides swapped, that the opponent accepts like any other.
      const rematch = buttonsOf(ending).find((b) => b.label === "Rematch")!;
      const asked = await driver.click(players[0], ending.id, rematch.custom_id!);
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const challenge = (asked.body.messages as APIMessage[]).find((m) => m.content.includes("Rematch of game"))!;
      expect(challenge.content).toContain(`<@${ids[0]}> challenges <@${ids[1]}>`);
      const accept = buttonsOf(challenge).find((b) => b.label === "Accept")!;
      const accepted = await driver.click(players[1], challenge.id, accept.custom_id!);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const next = (accepted.body.messages as APIMessage[]).find((m) => m.id === challenge.id)!;
      expect(next.content).toContain(`<@${ids[1]}> (South, A–F) vs <@${ids[0]}> (North, a–f)`);
      expect(moverOf(next)?.userId).toBe(ids[1]);
      // The private answers to the typed moves are there for the mover only.
      const privately = (await driver.messages("games", players[0])).filter(isEphemeral);
      expect(privately.length).toBeGreaterThan(0);
      expect(privately.every((m) => m.content.startsWith("Played: "))).toBe(true);
    },
    240_000,
  );
});
