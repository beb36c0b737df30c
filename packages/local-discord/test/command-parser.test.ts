import type { APIApplicationCommand } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import { CommandInputError, parseCommand, tokenize } from "../src/command-parser.ts";
import { LocalEvents } from "../src/events.ts";
import { Store } from "../src/store.ts";
import { allCommands } from "./commands-fixture.ts";

const store = () =>
  new Store(new LocalEvents(), {
    guildName: "g",
    channels: ["games"],
    users: ["alice"],
    botName: "Nickar",
    applicationId: "1",
  });
const commands = allCommands.map((c, n) => ({
  ...c,
  id: String(n + 10),
  type: 1,
})) as unknown as APIApplicationCommand[];

describe("command parser", () => {
  it("tokenize - splits words and quoted name:value pairs - quotes and escapes", () => {
    expect(tokenize('/x a name:"two words" b:\\"q c:"say \\"hi\\""')).toEqual([
      { key: null, value: "/x" },
      { key: null, value: "a" },
      { key: "name", value: "two words" },
      { key: "b", value: '\\"q' },
      { key: "c", value: 'say "hi"' },
    ]);
  });

  it("parse - builds nested options with resolved users - subcommand with user option", () => {
    const s = store();
    const { data, fullName } = parseCommand(s, commands, "/nickar challenge opponent:@Dave seeds:3");
    expect(fullName).toBe("nickar challenge");
    const dave = s.findUser("dave")!;
    expect(data.options).toEqual([
      {
        name: "challenge",
        type: 1,
        options: [
          { name: "opponent", type: 6, value: dave.id },
          { name: "seeds", type: 4, value: 3 },
        ],
      },
    ]);
    expect((data.resolved as Record<string, Record<string, unknown>>).members[dave.id]).toBeDefined();
  });

  it("parse - accepts a choice by its display name and sends its value - subcommand group", () => {
    const { data } = parseCommand(store(), commands, '/nickar ladder show game:"Haitian Kay" public:yes where:#games');
    const show = (data.options as { options: { options: { name: string; value: unknown }[] }[] }[])[0].options[0];
    expect(show.options.map((o) => o.value)).toEqual(["haiti", true, expect.any(String)]);
  });

  it("parse - rejects what the Discord client would not send - invalid input", () => {
    const s = store();
    const bad = (text: string) => expect(() => parseCommand(s, commands, text)).toThrow(CommandInputError);
    bad("/nickar");
    bad("/nickar challenge");
    bad("/nickar challenge opponent:@bob seeds:11");
    bad("/nickar challenge opponent:@bob seeds:two");
    bad("/nickar challenge opponent:@bob colour:red");
    bad("/nickar ladder show game:oware");
    bad("/nickar ladder show game:haiti where:#nowhere");
  });

  it("parse - a string value runs on to the next option, spaces kept - unquoted last and middle values", () => {
    const s = store();
    const echo = (text: string) => {
      const { data } = parseCommand(s, commands, text);
      return (data.options as { options: { name: string; value: unknown }[] }[])[0].options;
    };
    expect(echo("/test echo text:testing the cancel")).toEqual([
      { name: "text", type: 3, value: "testing the cancel" },
    ]);
    expect(echo("/test echo text:two  spaces: kept loud:yes")).toEqual([
      { name: "text", type: 3, value: "two  spaces: kept" },
      { name: "loud", type: 5, value: true },
    ]);
    // Spaces around a value are not part of it, as in Discord's box.
    expect(echo("/test echo text: testing  ")).toEqual([{ name: "text", type: 3, value: "testing" }]);
    expect(echo('/test echo loud:no text:"quoted words"')[1]).toEqual({ name: "text", type: 3, value: "quoted words" });
    // A quoted value ends at its quote; a user option takes one word.
    expect(() => parseCommand(s, commands, '/test echo text:"quoted" more')).toThrow(/Expected name:value/);
    expect(() => parseCommand(s, commands, "/nickar challenge opponent:@bob smith")).toThrow(/Expected name:value/);
  });

  it("parse - takes names in the user's language and sends the registered ones - fr", () => {
    const s = store();
    const { data, fullName } = parseCommand(s, commands, "/nickar defier adversaire:@bob", { locale: "fr" });
    expect(fullName).toBe("nickar challenge");
    const challenge = (data.options as { name: string; options: { name: string }[] }[])[0];
    expect([challenge.name, challenge.options[0].name]).toEqual(["challenge", "opponent"]);
    // The registered names work in any language; the French ones only for a French client.
    expect(() => parseCommand(s, commands, "/nickar challenge opponent:@bob", { locale: "fr" })).not.toThrow();
    expect(() => parseCommand(s, commands, "/nickar defier adversaire:@bob")).toThrow(CommandInputError);
  });

  it("parse - marks the focused option and skips required checks - autocomplete", () => {
    const { data } = parseCommand(store(), commands, "/nickar challenge ruleset:ha", { focused: "ruleset" });
    const options = (data.options as { options: unknown[] }[])[0].options;
    expect(options).toEqual([{ name: "ruleset", type: 3, value: "ha", focused: true }]);
  });
});
