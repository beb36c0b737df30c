/**
 * The pseudo-locale through the whole bot: with NICKAR_PSEUDO_LOCALE=1 every catalogue text comes
 * wrapped in ⟦ ⟧, so any word a user can see outside the brackets (in a message, a button, a
 * suggestion, an image's alt text, a direct message) was written in the code instead of taken from a
 * catalogue. A tour of every command and button a player or an admin meets.
 */
import type { APIMessage } from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { hardCoded } from "../i18n/pseudo-check.ts";
import { buttonsOf, gameRef, moveButtons, type Stack, startStack, waitFor } from "./harness.ts";

let stack: Stack;
const previous = process.env.NICKAR_PSEUDO_LOCALE;

beforeAll(async () => {
  process.env.NICKAR_PSEUDO_LOCALE = "1";
  stack = await startStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (previous === undefined) delete process.env.NICKAR_PSEUDO_LOCALE;
  else process.env.NICKAR_PSEUDO_LOCALE = previous;
});

/** Every text of a message a user can see: content, buttons, embeds, alt texts. */
function visible(message: APIMessage): string[] {
  const texts = [message.content];
  for (const b of buttonsOf(message)) texts.push((b as { label?: string }).label ?? "");
  for (const embed of message.embeds ?? []) {
    texts.push(embed.title ?? "", embed.description ?? "", embed.footer?.text ?? "");
    for (const field of embed.fields ?? []) texts.push(field.name, field.value);
  }
  for (const attachment of message.attachments ?? []) texts.push(attachment.description ?? "");
  return texts.filter((t) => t.length > 0);
}

const seen: { where: string; text: string }[] = [];

function look(where: string, messages: readonly APIMessage[]): void {
  for (const m of messages) for (const text of visible(m)) seen.push({ where, text });
}

async function say(user: string, text: string, channel = "games"): Promise<APIMessage[]> {
  const answered = await stack.driver.command(user, text, channel);
  expect(answered.status, `${text}: ${JSON.stringify(answered.body)}`).toBe(200);
  const messages = answered.body.messages as APIMessage[];
  look(text, messages);
  return messages;
}

async function press(user: string, message: APIMessage, customId: string): Promise<APIMessage[]> {
  const answered = await stack.driver.click(user, message.id, customId);
  expect(answered.status, `${customId}: ${JSON.stringify(answered.body)}`).toBe(200);
  const messages = answered.body.messages as APIMessage[];
  look(customId, messages);
  return messages;
}

function buttonId(message: APIMessage, pattern: RegExp): string {
  const found = buttonsOf(message).find((b) => pattern.test(b.custom_id ?? ""));
  if (!found?.custom_id) throw new Error(`no button ${pattern} on ${message.content}`);
  return found.custom_id;
}

describe("pseudo-locale", () => {
  it("pseudo-locale - no English written in the code reaches a user - a tour of the commands and buttons", async () => {
    const { driver } = stack;
    const [ada, kofi] = await driver.users("ada", "kofi", "admin");

    // The rules of every ruleset, the settings, the empty lists.
    for (const ruleset of RULESET_IDS) await say("ada", `/nickar rules ruleset:${ruleset}`);
    await say("ada", "/nickar settings");
    await say("admin", "/nickar-admin settings ladder:true");
    await say("ada", "/nickar games");
    await say("ada", "/nickar history");
    await say("ada", "/nickar leaderboard");
    await say("ada", "/nickar stats");
    await say("ada", "/nickar ladder show");
    await say("ada", "/nickar series standings");
    await say("admin", "/nickar-admin season list");
    await say("ada", "/nickar notify where:channel");
    // Refusals.
    await say("ada", "/nickar move house:Z");
    await say("ada", "/nickar resign");
    await say("ada", "/nickar game id:nosuchgame");

    // A game between two people: challenge, accept, moves, a draw offer declined, a resignation.
    const [challenge] = await say("ada", "/nickar challenge opponent:@kofi ruleset:abapa first:me");
    const accepted = await press("kofi", challenge, buttonId(challenge, /:accept$/));
    let board = accepted.find((m) => m.id === challenge.id)!;
    const gameId = gameRef(board)!.gameId;
    for (let i = 0; i < 4; i++) {
      const mover = i % 2 === 0 ? "ada" : "kofi";
      const house = moveButtons(board).find((b) => !b.disabled)!;
      const moved = await press(mover, board, house.customId);
      board = moved.find((m) => m.id === board.id) ?? (await driver.message(board.id))!;
    }
    await say("ada", `/nickar move house:C game:${gameId}`);
    await say("kofi", "/nickar board");
    await say("kofi", "/nickar draw");
    // The offer reaches Ada as a notice with Accept and Decline, posted after the answer.
    const drawNotice = await waitFor(
      async () =>
        (await driver.messages("games"))
          .reverse()
          .find((m) => buttonsOf(m).some((b) => /:dd$/.test(b.custom_id ?? ""))),
      "the draw offer with its Decline button",
    );
    await press("ada", drawNotice, buttonId(drawNotice, /:dd$/));
    await say("ada", "/nickar resign");
    await say("ada", `/nickar game id:${gameId} move:2`);
    await say("ada", `/nickar export id:${gameId}`);
    await say("ada", "/nickar history");
    await say("ada", "/nickar stats");
    await say("ada", "/nickar leaderboard");

    // Against Nickar: a game, a hint, a resignation.
    const [versus] = await say("kofi", "/nickar play level:easy ruleset:haiti first:me");
    // The local Discord waits for a deferred answer: the hint itself is in the answer.
    await press("kofi", versus, buttonId(versus, /:h$/));
    await say("kofi", "/nickar resign");

    // Everything in the channels and the direct messages, as it stands at the end.
    look("#games", await driver.messages("games"));
    look("#games as ada", await driver.messages("games", "ada"));
    look("#games as kofi", await driver.messages("games", "kofi"));
    look("#general", await driver.messages("general"));
    look("ada's DMs", await driver.dms(ada));
    look("kofi's DMs", await driver.dms(kofi));

    const ids = new Set<string>();
    for (const { text } of seen) for (const m of text.matchAll(/`([0-9a-z]{8})`/g)) ids.add(m[1]);
    const names = ["ada", "kofi", "admin", "Nickar", gameId, ...ids];
    const leaks = seen
      .map(({ where, text }) => ({ where, text, words: hardCoded(text, names) }))
      .filter((leak) => leak.words.length > 0)
      .map((leak) => `${leak.where}: ${leak.words.join(" ")} ← ${leak.text.slice(0, 200)}`);
    expect([...new Set(leaks)]).toEqual([]);
    expect(seen.length).toBeGreaterThan(40);
  }, 300_000);
});
