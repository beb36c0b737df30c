/**
 * The command definitions in every language fit Discord's rules (names lowercase, matching its name
 * pattern, up to 32 characters; descriptions and choice names up to 100; each command within 8,000
 * characters counting each field by its longest language), every language names and describes
 * everything, and the commands that the replies and rules mention exist under those names.
 */

import { commandSize, MAX_COMMAND_SIZE } from "@nickar/local-discord";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS, commandDefinitions, suggestions } from "../../src/commands/index.ts";
import { CATALOGUES, LOCALES, type Locale } from "../../src/i18n/index.ts";
import { hardCoded } from "../i18n/pseudo-check.ts";
import { ALICE, BOB, CAROL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { playGame, startGame } from "../support/play.ts";

/** Discord's pattern for CHAT_INPUT command and option names (application command naming). */
const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

type Texts = Record<string, string> | null | undefined;
interface Node {
  name: string;
  name_localizations?: Texts;
  description: string;
  description_localizations?: Texts;
  type?: number;
  choices?: { name: string; name_localizations?: Texts; value: string | number }[];
  options?: Node[];
}

/** Every command, group, subcommand and option, with the path of names that leads to it. */
function nodes(node: Node, path: Node[] = []): { node: Node; path: Node[] }[] {
  const here = [...path, node];
  return [{ node, path: here }, ...(node.options ?? []).flatMap((o) => nodes(o, here))];
}

/** A text in one language: the localization, or the English default for English. */
function inLocale(text: string, localized: Texts, locale: Locale): string | undefined {
  return locale === "en" ? text : localized?.[locale];
}

const definitions = commandDefinitions() as unknown as Node[];

describe("command definitions in every language", () => {
  for (const locale of LOCALES) {
    it(`command names - lowercase, Discord's pattern, at most 32 characters - ${locale}`, () => {
      const wrong: string[] = [];
      for (const { node, path } of definitions.flatMap((d) => nodes(d))) {
        // The commands' own names ("nickar", "nickar-admin") are Nickar's, the same in every language.
        const name = path.length === 1 ? node.name : inLocale(node.name, node.name_localizations, locale);
        if (name === undefined) wrong.push(`${node.name}: no ${locale} name`);
        else if (!NAME.test(name) || name !== name.toLowerCase()) wrong.push(`${node.name}: ${name}`);
      }
      expect(wrong).toEqual([]);
    });

    it(`command descriptions and choices - present, at most 100 characters - ${locale}`, () => {
      const wrong: string[] = [];
      for (const { node } of definitions.flatMap((d) => nodes(d))) {
        const description = inLocale(node.description, node.description_localizations, locale);
        if (!description || [...description].length > 100) wrong.push(`${node.name}: ${description}`);
        for (const choice of node.choices ?? []) {
          const name = inLocale(choice.name, choice.name_localizations, locale);
          if (!name || [...name].length > 100) wrong.push(`${node.name} ${choice.value}: ${name}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`command names - no two options of one command share a name - ${locale}`, () => {
      const clashes: string[] = [];
      for (const { node } of definitions.flatMap((d) => nodes(d))) {
        const names = (node.options ?? []).map((o) => inLocale(o.name, o.name_localizations, locale));
        const seen = new Set<string>();
        for (const name of names) {
          if (name && seen.has(name)) clashes.push(`${node.name}: ${name}`);
          if (name) seen.add(name);
        }
      }
      expect(clashes).toEqual([]);
    });
  }

  it("command size - within 8,000 characters, each field counted by its longest language - both commands", () => {
    for (const json of definitions) {
      const size = commandSize(json as unknown as Record<string, unknown>);
      // The English alone is smaller: the longest language of each field is what counts.
      const english = (n: Node): number =>
        n.name.length +
        n.description.length +
        (n.choices ?? []).reduce((s, c) => s + c.name.length + String(c.value).length, 0) +
        (n.options ?? []).reduce((s, o) => s + english(o), 0);
      expect(size, json.name).toBeGreaterThan(english(json));
      expect(size, json.name).toBeLessThanOrEqual(MAX_COMMAND_SIZE);
    }
  });

  it("command names - localized names are only names: interactions carry the English ones - routing table", () => {
    // The router looks commands up by the names Discord sends, which are always the default (English) ones.
    for (const [key, command] of Object.entries(COMMANDS)) {
      expect(key.split(" ").at(-1)).toBe(command.definition.name);
      expect(command.definition.name).toMatch(/^[a-z_-]+$/);
    }
  });
});

/** The localized command tree of one language: "nickar" -> { "stige" -> { "tilmeld" -> options } }. */
function pathsIn(locale: Locale): Set<string> {
  const paths = new Set<string>();
  for (const root of definitions) {
    for (const { node, path } of nodes(root)) {
      const names = path.map((n, i) => (i === 0 ? n.name : inLocale(n.name, n.name_localizations, locale)));
      // Options are written "name:value" after the command: kept as "path name:".
      const isOption = path.length > 1 && node.type !== undefined && node.type > 2;
      paths.add(isOption ? `${names.slice(0, -1).join(" ")} ${names.at(-1)}:` : names.join(" "));
    }
  }
  return paths;
}

function catalogueTexts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Object.values(value as Record<string, unknown>).flatMap(catalogueTexts);
}

describe("commands mentioned in the texts", () => {
  for (const locale of LOCALES) {
    it(`command mentions - every /nickar … in the texts is a command of that language - ${locale}`, () => {
      const paths = pathsIn(locale);
      const texts = (["commands", "replies", "rules"] as const).flatMap((ns) => catalogueTexts(CATALOGUES[locale][ns]));
      const wrong: string[] = [];
      let seen = 0;
      for (const text of texts) {
        for (const [mention] of text.matchAll(/\/nickar(?:-admin)?(?: [^\s:<{]+(?=\s|$|\.|\)))*(?: [^\s:]+:)?/gu)) {
          seen++;
          const words = mention.slice(1).replace(/[.)]$/, "");
          if (!paths.has(words)) wrong.push(words);
        }
      }
      expect(wrong).toEqual([]);
      expect(seen).toBeGreaterThanOrEqual(4);
    });
  }
});

describe("replies in the user's and the server's language", () => {
  let w: World;
  beforeEach(() => {
    w = setup();
  });
  afterEach(() => w.close());

  it("rules - in the user's language, every decision included - Danish and French users, haiti", async () => {
    const danish = await COMMANDS.rules.handle(w.ctx(ALICE, { locale: "da" }), options({ ruleset: "haiti" }));
    const da = [danish.reply.content, ...(danish.followUps ?? []).map((f) => f.content)].join("\n");
    expect(da).toContain("**Haitisk warri (Kay)** · `haiti`");
    expect(da).toContain("frø");
    expect(da).toContain("**[afgørelse]**");
    expect(danish.reply.ephemeral).toBe(true);
    const french = await COMMANDS.rules.handle(w.ctx(ALICE, { locale: "fr" }), options({ ruleset: "haiti" }));
    const fr = [french.reply.content, ...(french.followUps ?? []).map((f) => f.content)].join("\n");
    expect(fr).toContain("mangez le couvert");
    expect(fr).toContain("**[décision]**");
    // Five decisions for haiti, as in English.
    expect(fr.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(5);
  });

  it("ladder join - the announcement in the server's language, the refusal-free note in the user's - French server, Danish user", async () => {
    w.app.settings.update(GUILD, { language: "fr", ladderEnabled: true });
    const ctx = w.ctx(ALICE, { locale: "da" });
    const joined = await COMMANDS["ladder join"].handle(ctx, options({ ruleset: "wari" }));
    expect(joined.reply.content).toBe(`<@${ALICE}> rejoint l'échelle Wari à l'échelon 1.`);
    expect(joined.reply.ephemeral).toBe(false);
    const again = await COMMANDS["ladder join"].handle(ctx, options({ ruleset: "wari" }));
    expect(again.reply.content).toBe("Du er allerede på Wari-stigen, trin 1.");
    expect(again.reply.ephemeral).toBe(true);
  });

  it("stats and ladder - posted in the server's language, their images' alt text too - French server, English user", async () => {
    await playGame(w, ALICE, BOB, "south");
    w.app.settings.update(GUILD, { language: "fr", ladderEnabled: true });
    const ctx = w.ctx(BOB, { locale: "en" });
    const stats = await COMMANDS.stats.handle(ctx, options({ user: { id: ALICE } }));
    expect(stats.reply.content).toContain("· saison 1");
    expect(stats.reply.content).toContain("a battu <@");
    const chart = await stats.reply.image!();
    // No display name here: the chart is named by the word for a rating.
    expect(chart?.description).toMatch(/^Courbe de la cote, Cote · Oware abapa · saison 1 : 1 partie/);
    await COMMANDS["ladder join"].handle(ctx, options());
    const ladder = await COMMANDS["ladder show"].handle(ctx, options());
    expect(ladder.reply.content).toMatch(/^\*\*Échelle Oware abapa\*\* · défiez/);
    const image = await ladder.reply.image!();
    expect(image?.description).toContain("Échelle Oware abapa");
  });

  it("games and settings - the user's language - Danish user", async () => {
    const ctx = w.ctx(ALICE, { locale: "da" });
    expect((await COMMANDS.games.handle(ctx, options())).reply.content).toBe("Du har ingen igangværende partier.");
    const settings = (await COMMANDS.settings.handle(ctx, options())).reply.content;
    expect(settings).toContain("Standardregelsæt: **Oware Abapa**");
    expect(settings).toContain("Partier kan starte i: alle kanaler");
  });
});

describe("replies under the pseudo-locale", () => {
  let w: World;
  const before = process.env.NICKAR_PSEUDO_LOCALE;
  beforeEach(() => {
    w = setup();
    process.env.NICKAR_PSEUDO_LOCALE = "1";
  });
  afterEach(() => {
    if (before === undefined) delete process.env.NICKAR_PSEUDO_LOCALE;
    else process.env.NICKAR_PSEUDO_LOCALE = before;
    w.close();
  });

  it("command replies and suggestions - every word from a catalogue - games, settings, ladder, series, seasons, notify, rules", async () => {
    const admin = w.ctx("9999", { canManageGuild: true });
    await COMMANDS["nickar-admin settings"].handle(admin, options({ ladder: true, allow_channel: { id: "200" } }));
    const finished = await playGame(w, ALICE, CAROL, "south");
    const gameId = await startGame(w, ALICE, BOB);
    const ctx = w.ctx(ALICE);
    const texts: string[] = [];
    const say = async (key: string, values: Parameters<typeof options>[0] = {}, who = ctx) => {
      const res = await COMMANDS[key].handle(who, options(values));
      texts.push(res.reply.content, ...(res.followUps ?? []).map((f) => f.content));
    };
    await say("games");
    await say("settings");
    await say("nickar-admin settings", { pair_limit: 3, command_rate: 30 }, admin);
    await say("ladder join", { ruleset: "wari" });
    await say("ladder join", { ruleset: "wari" });
    await say("ladder show", { ruleset: "wari" });
    await say("ladder leave", { ruleset: "wari" });
    await say("series standings");
    await say("nickar-admin season list", {}, admin);
    await say("notify", { where: "dm" });
    await say("stats");
    await say("rules", { ruleset: "caribbean" });
    await say("history", { user: { id: CAROL } });
    await say("history");
    await say("stats", { user: { id: CAROL } });
    await say("export", { id: finished });
    await say("nickar-admin void", { game: finished, reason: "test" }, admin);
    const houses = await suggestions(COMMANDS.move, ctx, { name: "house", value: "" }, options());
    expect(houses.length).toBeGreaterThan(0);
    texts.push(...houses.map((c) => c.name));
    for (const name of ["ruleset", "time"]) {
      const choices = await suggestions(COMMANDS.challenge, ctx, { name, value: "" }, options());
      texts.push(...choices.map((c) => c.name));
    }
    const games = await suggestions(COMMANDS.resign, ctx, { name: "game", value: "" }, options());
    const any = await suggestions(COMMANDS.game, ctx, { name: "id", value: "" }, options());
    texts.push(...[...games, ...any].map((c) => c.name));
    expect(games.length + any.length).toBe(3);
    expect(texts.filter((t) => t.trim()).length).toBeGreaterThan(15);
    // A game id is no word to translate (the check reads its letters as words).
    const idWords = `${gameId} ${finished}`.match(/\p{L}+/gu) ?? [];
    expect(texts.flatMap((text) => hardCoded(text, idWords))).toEqual([]);
  });
});
