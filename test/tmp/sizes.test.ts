import { commandSize } from "@nickar/local-discord";
import { it } from "vitest";
import { commandDefinitions } from "../../src/commands/index.ts";

it("sizes", () => {
  for (const c of commandDefinitions()) console.log(c.name, commandSize(c as never));
});
