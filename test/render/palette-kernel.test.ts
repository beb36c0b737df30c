/**
 * The palette kernel is committed compiled (kernel.wasm), so that the bot needs no compiler to run.
 * This checks that the file is what its source compiles to, with the options of `npm run build:wasm`.
 */
import { readFileSync } from "node:fs";
import asc from "assemblyscript/asc";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

describe("palette kernel", () => {
  it("palette kernel - the committed kernel.wasm is its source's build - npm run build:wasm's options", async () => {
    const [command, ...args] = pkg.scripts["build:wasm"].split(" ");
    expect(command).toBe("asc");
    const out = args.indexOf("--outFile");
    const committed = args[out + 1];
    const written = new Map<string, Uint8Array>();
    const result = await asc.main(args, {
      writeFile: (name: string, contents: Uint8Array | string) => {
        written.set(name, typeof contents === "string" ? new TextEncoder().encode(contents) : contents);
      },
    });
    expect(result.error, String(result.stderr)).toBeNull();
    const built = [...written.entries()].find(([name]) => committed.endsWith(name.replace(/^.*\//, "")))?.[1];
    expect(built).toBeDefined();
    expect(Buffer.from(built!).equals(readFileSync(new URL(`../../${committed}`, import.meta.url)))).toBe(true);
  }, 60_000);
});
