import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Run {
  afterLatin: { fallbacks: string[]; families: string[] };
  late: { name: string; png: string; fallbacks: string[] }[];
  whole: string[];
}

describe("fallback fonts loaded on first use", () => {
  // Its own process: the fonts registered are per process (lazy-fonts-run.ts).
  const run = (): Run =>
    JSON.parse(
      execFileSync(process.execPath, ["--import", "tsx", "test/render/lazy-fonts-run.ts"], { cwd: ROOT }).toString(),
    );

  it("fonts - no fallback font until a name needs it, then exactly its script's, drawn as with every font - boards in seven scripts", () => {
    const { afterLatin, late, whole } = run();
    // Latin names (accents included), a board and an animation: Nunito alone.
    expect(afterLatin.fallbacks).toEqual([]);
    expect(afterLatin.families.filter((f) => f.startsWith("Nickar"))).toEqual(["NickarNunito"]);
    // Each family registered only when a name in its script came, and no other.
    const added = late.map((l, i) => l.fallbacks.filter((f) => !(late[i - 1]?.fallbacks ?? []).includes(f)));
    expect(added).toEqual([
      ["NickarJP"],
      ["NickarKR"],
      ["NickarArabic"],
      ["NickarHebrew"],
      ["NickarDevanagari"],
      ["NickarThai"],
      ["NickarEmoji"],
    ]);
    // The same pixels as with the whole chain registered from the start.
    expect(late.map((l) => l.png)).toEqual(whole);
  });
});
