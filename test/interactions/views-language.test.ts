/**
 * The game's messages in the players' languages: public ones (the board, narration, buttons, the
 * result, the challenge) in the server's, private ones (the resign question, the viewer) in the
 * presser's; and with the pseudo-locale on, no word of them is left outside the catalogues.
 */
import { afterEach, describe, expect, it } from "vitest";
import { challengeReply } from "../../src/challenges/views/challenge.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import { gameMessage } from "../../src/games/views/game-message.ts";
import { turnNotice } from "../../src/games/views/game-notices.ts";
import { reminderReply } from "../../src/games/views/reminder.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { Reply } from "../../src/interactions/reply.ts";
import { discordTranslator } from "../../src/interactions/speech.ts";
import { ALICE, BOB, GUILD, options, setup } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

function labels(reply: Reply): string[] {
  return (reply.components ?? []).flatMap((row) => row.components.map((c) => ("label" in c ? (c.label ?? "") : "")));
}

/** What is left of a text once the translated parts (⟦…⟧), mentions, timestamps, ids and numbers are taken out. */
function untranslated(text: string): string {
  let left = text;
  // Texts inside texts (a ruleset's name in a sentence) are wrapped twice: take the innermost first.
  while (/⟦[^⟦⟧]*⟧/.test(left)) left = left.replace(/⟦[^⟦⟧]*⟧/g, "");
  return left
    .replace(/<[@#]\d+>|<t:\d+:R>|`[^`]*`|https:\S+/g, "")
    .replace(/\b[A-Fa-f]\b/g, "")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
}

describe("views in the players' languages", () => {
  let close = () => {};
  afterEach(() => {
    delete process.env.NICKAR_PSEUDO_LOCALE;
    close();
  });

  it.each([
    ["en", "it is your move in game `ID` · Haitian Warri (Kay) · you move first"],
    ["da", "det er dit træk i parti `ID` · Haitisk warri (Kay) · du trækker først"],
    ["fr", "c'est à vous de jouer dans la partie `ID` · Warri haïtien (Kay) · vous jouez en premier"],
  ] as const)(
    "turn notice - ruleset and first move set apart, no brackets in brackets - haiti, %s server",
    async (language, expected) => {
      const w = setup();
      close = w.close;
      w.app.settings.update(GUILD, { language });
      const challenge = await COMMANDS.challenge.handle(
        w.ctx(ALICE),
        options({ opponent: { id: BOB }, first: "me", ruleset: "haiti" }),
      );
      const accepted = await handleButton(w.ctx(BOB), {
        type: "challenge",
        challengeId: challenge.bind!.id,
        action: "accept",
      });
      const notice = accepted.notices?.find((n) => n.users.includes(ALICE));
      for (const text of [notice?.text, notice?.direct]) {
        expect(text?.toLowerCase()).toContain(expected.replace("ID", accepted.bind!.id).toLowerCase());
        // No bracket opened inside another, none right after another.
        expect(text).not.toMatch(/\([^)]*\(|\)\s*\(/);
      }
    },
  );

  it("game message - Danish board, narration, buttons and result - a Danish server", async () => {
    const w = setup();
    close = w.close;
    w.app.settings.update(GUILD, { language: "da" });
    const id = await startGame(w, ALICE, BOB);
    const start = gameMessage(w.app, w.app.games.get(id)!);
    expect(start.content).toContain(`parti \`${id}\``);
    expect(start.content).toContain(`<@${ALICE}> er i trækket (Syd)`);
    expect(labels(start)).toEqual(expect.arrayContaining(["Opgiv", "Tilbyd remis", "Animér"]));
    const moved = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: id,
      ply: 0,
      action: { kind: "move", house: 3 },
    });
    expect(moved.reply.content).toContain(`<@${ALICE}> spillede C`);
    expect(moved.notices?.[0]?.text).toMatch(/^det er dit træk i parti/);
    const game = w.app.games.get(id)!;
    const resigned = await handleButton(w.ctx(BOB), {
      type: "game",
      gameId: id,
      ply: game.row.ply,
      action: { kind: "resign-confirm" },
    });
    expect(resigned.reply.content).toContain(`**<@${ALICE}> vinder ved opgivelse: <@${BOB}> opgav**`);
    const ending = resigned.notices?.find((n) => n.users.length === 2);
    expect(ending?.text).toMatch(/^parti `\w+` er slut: \*\*/);
    expect(ending?.direct).toMatch(/^Parti `\w+` er slut: \*\*/);
  });

  it("private answers - in the presser's language - a French player in an English server", async () => {
    const w = setup();
    close = w.close;
    const id = await startGame(w, ALICE, BOB);
    const question = await handleButton(w.ctx(ALICE, { locale: "fr" }), {
      type: "game",
      gameId: id,
      ply: 0,
      action: { kind: "resign" },
    });
    expect(question.reply.content).toBe("Abandonner cette partie ? Votre adversaire gagne.");
    expect(labels(question.reply)).toEqual(["Oui, abandonner"]);
    const viewer = await handleButton(w.ctx(ALICE, { locale: "fr" }), {
      type: "view",
      gameId: id,
      ply: 0,
      nav: "first",
    });
    expect(viewer.reply.content).toContain("Départ (aucun coup encore)");
    expect(labels(viewer.reply)).toEqual(["⏮ Début", "◀ Retour", "Avancer ▶", "Fin ⏭"]);
    // The board itself stays in the server's language.
    expect(gameMessage(w.app, w.app.games.get(id)!).content).toContain(`<@${ALICE}> to move (South)`);
  });

  it("game, challenge, reminder and notice - no word outside the catalogues - pseudo-locale", async () => {
    const w = setup();
    close = w.close;
    const id = await startGame(w, ALICE, BOB);
    process.env.NICKAR_PSEUDO_LOCALE = "1";
    const t = discordTranslator("en");
    const moved = await handleButton(w.ctx(ALICE), {
      type: "game",
      gameId: id,
      ply: 0,
      action: { kind: "move", house: 3 },
    });
    const game = w.app.games.get(id)!;
    const challenge = w.app.challenges.create({
      guildId: GUILD,
      channelId: game.row.channelId,
      challengerId: ALICE,
      opponent: { id: BOB, bot: false },
      ruleset: "haiti",
      first: "random",
      timeLimit: 3600,
      rated: true,
    });
    const ended = await handleButton(w.ctx(BOB), {
      type: "game",
      gameId: id,
      ply: 1,
      action: { kind: "resign-confirm" },
    });
    const texts = [
      moved.reply.content,
      ...labels(moved.reply),
      ...(moved.notices ?? []).flatMap((n) => [n.text, n.direct ?? ""]),
      reminderReply(game, t).content,
      turnNotice(game, t).text,
      challengeReply(challenge, t).content,
      ...labels(challengeReply(challenge, t)),
      ended.reply.content,
      ...labels(ended.reply),
      ...(ended.notices ?? []).flatMap((n) => [n.text, n.direct ?? "", ...labels({ content: "", ...n })]),
    ];
    // The house buttons are a letter and a count: nothing to translate.
    const words = texts.filter((text) => !/^[A-Fa-f] · \d+$/.test(text));
    expect(words.filter((text) => !text.includes("⟦"))).toEqual([]);
    expect(texts.map(untranslated).filter((left) => left !== "")).toEqual([]);
  });
});
