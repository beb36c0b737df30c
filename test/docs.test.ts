/**
 * Docs that cannot drift. README.md and docs/ name commands as players type them
 * (`/nickar challenge opponent:@bob ruleset:abapa`): every command, subcommand group, subcommand and
 * option named that way must exist in the definitions Discord gets (`commandDefinitions()`), every
 * choice written out must be one of the option's choices, and every relative link must reach a file
 * (and a heading, for `#anchor` links). Commands are checked only where they are written as code (a
 * code span or a line of a code block), so prose must not name `/nickar` outside code: that is
 * checked too.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { commandDefinitions } from "../src/commands/index.ts";
import { RULESET_IDS } from "../src/engine/index.ts";

const ROOT = resolve(import.meta.dirname, "..");

/** The part of a registered command this checker reads (the JSON Discord gets). */
interface CommandNode {
  readonly name: string;
  readonly name_localizations?: Readonly<Record<string, string | null>> | null;
  readonly type?: number;
  readonly options?: readonly CommandNode[];
  readonly choices?: readonly { readonly name: string; readonly value: string | number }[];
}

const SUBCOMMAND = 1;
const GROUP = 2;
const BOOLEAN = 5;

/** Markdown files whose commands are checked. */
function docFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".md") ? [path] : [];
    });
  return ["README.md", ...(existsSync(join(ROOT, "docs")) ? walk("docs") : [])];
}

/** Markdown files whose links are checked: the docs, and the local Discord's own README. */
function linkedFiles(): string[] {
  const local = "packages/local-discord/README.md";
  return [...docFiles(), ...(existsSync(join(ROOT, local)) ? [local] : [])];
}

interface Segment {
  readonly line: number;
  readonly code: boolean;
  readonly text: string;
}

const FENCE = /^\s*(```|~~~)/;
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;

/**
 * A markdown text cut into code (each line of a fenced block, each inline code span) and prose (the
 * rest of each line, with its code spans replaced by `CODE`).
 */
function segments(markdown: string): Segment[] {
  const out: Segment[] = [];
  let fence: string | null = null;
  for (const [i, text] of markdown.split("\n").entries()) {
    const line = i + 1;
    const opening = FENCE.exec(text);
    if (fence) {
      if (opening && opening[1] === fence) fence = null;
      else out.push({ line, code: true, text });
      continue;
    }
    if (opening) {
      fence = opening[1];
      continue;
    }
    for (const span of text.matchAll(CODE_SPAN)) out.push({ line, code: true, text: span[2] });
    out.push({ line, code: false, text: text.replace(CODE_SPAN, "CODE") });
  }
  return out;
}

/** `/nickar…` where it starts a command (not inside a path or a word). */
const COMMAND_START = /(?<![\w/.-])\/nickar[\w-]*/g;
/**
 * A mention runs from the command to the end of its code, a quote, a backtick or a `#` comment; a
 * quoted option value (`reason:"two accounts"`) is part of it.
 */
const MENTION = /^\/[\w-]+(?::"[^"]*"(?=\s|$)|\s(?!#\s)|[^\s"'`])*/;

interface Mention {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** Every command written as code in `markdown`. */
function mentionsIn(file: string, markdown: string): Mention[] {
  const found: Mention[] = [];
  for (const segment of segments(markdown).filter((s) => s.code)) {
    for (const start of segment.text.matchAll(COMMAND_START)) {
      const rest = segment.text.slice(start.index);
      const next = rest.slice(1).search(COMMAND_START);
      const own = next < 0 ? rest : rest.slice(0, next + 1);
      found.push({ file, line: segment.line, text: (MENTION.exec(own)?.[0] ?? start[0]).trim() });
    }
  }
  return found;
}

/** `/nickar` named in prose, outside code: such a mention would escape the check. */
function proseCommands(file: string, markdown: string): Mention[] {
  return segments(markdown)
    .filter((s) => !s.code)
    .flatMap((s) => [...s.text.matchAll(COMMAND_START)].map((m) => ({ file, line: s.line, text: m[0] })));
}

function named(node: CommandNode, word: string): boolean {
  return node.name === word || Object.values(node.name_localizations ?? {}).includes(word);
}

/** A subcommand, group or command name as typed: lowercase letters (any script), digits, `-` and `_`. */
const WORD = /^[\p{Ll}\p{Lo}\p{N}_-]+$/u;
/** An option as typed: `name:value`, possibly in brackets (`[game:<id>]`). */
const OPTION = /^[[(]?([\p{Ll}\p{Lo}\p{N}_-]+):([\s\S]*)$/u;

/** A written value that stands for any value: a placeholder, an ellipsis, a mention, nothing. */
function isPlaceholder(value: string): boolean {
  return value === "" || /^[<[(…@#]|^\.\.\./.test(value);
}

/**
 * What is wrong with one mention against `definitions`: an unknown command, group, subcommand or
 * option, a bare word after the subcommand, or a written value that is not one of the option's
 * choices (rulesets by id, booleans `true`/`false`). Names may be any language's (`/nickar stige tilmeld`).
 */
function problemsOf(definitions: readonly CommandNode[], text: string): string[] {
  // Whitespace separates tokens, except inside a quoted value (`reason:"two accounts"`).
  const tokens = text.trim().match(/(?:[^\s"]|"[^"]*"?)+/g) ?? [""];
  const root = definitions.find((c) => c.name === tokens[0].slice(1));
  if (!root) return [`${text}: there is no command ${tokens[0]}`];
  const problems: string[] = [];
  let node: CommandNode = root;
  let i = 1;
  const pathOf = (n: CommandNode) => (n.options ?? []).filter((o) => o.type === SUBCOMMAND || o.type === GROUP);
  while (i < tokens.length && WORD.test(tokens[i]) && pathOf(node).length > 0) {
    const next = pathOf(node).find((o) => named(o, tokens[i]));
    if (!next) return [`${text}: ${node.name} has no subcommand or group "${tokens[i]}"`];
    node = next;
    i++;
  }
  const leftOver = pathOf(node);
  for (const token of tokens.slice(i)) {
    const option = OPTION.exec(token);
    if (!option) {
      if (/^[\p{L}\p{N}]/u.test(token)) problems.push(`${text}: unexpected word "${token}" after ${node.name}`);
      continue;
    }
    if (leftOver.length > 0) {
      problems.push(`${text}: option "${option[1]}" given to ${node.name}, which needs a subcommand first`);
      continue;
    }
    const defined = (node.options ?? []).find((o) => o.type !== SUBCOMMAND && o.type !== GROUP && named(o, option[1]));
    if (!defined) {
      problems.push(`${text}: ${node.name} has no option "${option[1]}"`);
      continue;
    }
    const value = option[2].replace(/^"|[\]),.;"]+$/g, "");
    if (isPlaceholder(value)) continue;
    const allowed = defined.choices
      ? defined.choices.flatMap((c) => [String(c.value), c.name])
      : defined.type === BOOLEAN
        ? ["true", "false"]
        : defined.name === "ruleset"
          ? [...RULESET_IDS]
          : null;
    if (allowed && !allowed.includes(value)) {
      problems.push(`${text}: "${value}" is not a value of ${defined.name} (${allowed.join(", ")})`);
    }
  }
  return problems;
}

/** Every problem of every command mention in the docs, as "file:line: problem". */
function commandProblems(definitions: readonly CommandNode[], files = docFiles()): string[] {
  return files.flatMap((file) =>
    mentionsIn(file, readFileSync(join(ROOT, file), "utf8")).flatMap((m) =>
      problemsOf(definitions, m.text).map((p) => `${m.file}:${m.line}: ${p}`),
    ),
  );
}

/** GitHub's heading anchor: lowercase, punctuation dropped (but `-` and `_`), each space a `-`. */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a markdown file's headings (GitHub numbers repeated ones: `x`, `x-1`…) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const text of markdown.split("\n")) {
    const opening = FENCE.exec(text);
    if (opening && (!fence || opening[1] === fence)) {
      fence = fence ? null : opening[1];
      continue;
    }
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

interface Link {
  readonly line: number;
  readonly target: string;
}

/** The targets of a file's inline links and images, and of its reference definitions (code excluded). */
function linksIn(markdown: string): Link[] {
  const links: Link[] = [];
  for (const s of segments(markdown).filter((seg) => !seg.code)) {
    for (const m of s.text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: s.line, target: m[1] });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(s.text);
    if (definition) links.push({ line: s.line, target: definition[1] });
  }
  return links;
}

/** Broken relative links of the checked files, as "file:line: target (why)". */
function brokenLinks(): string[] {
  const broken: string[] = [];
  for (const file of linkedFiles()) {
    for (const { line, target } of linksIn(readFileSync(join(ROOT, file), "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http(s), mailto and other schemes
      const [pathPart, anchor] = target.split("#", 2);
      const path = decodeURIComponent(pathPart.split("?")[0]);
      const resolved = path ? resolve(ROOT, dirname(file), path) : join(ROOT, file);
      const where = `${file}:${line}: ${target}`;
      if (!resolved.startsWith(ROOT)) broken.push(`${where} (outside the repository)`);
      else if (!existsSync(resolved)) broken.push(`${where} (no such file: ${relative(ROOT, resolved)})`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(readFileSync(resolved, "utf8")).has(anchor)) {
        broken.push(`${where} (no heading #${anchor} in ${relative(ROOT, resolved)})`);
      }
    }
  }
  return broken;
}

/** A copy of the definitions with one name changed, found by its path of names ("nickar-admin settings command_rate"). */
function renamed(definitions: readonly CommandNode[], path: string, to: string): CommandNode[] {
  const copy = structuredClone(definitions) as CommandNode[];
  const [first, ...rest] = path.split(" ");
  let node = copy.find((c) => c.name === first);
  for (const name of rest) node = node?.options?.find((o) => o.name === name);
  if (!node) throw new Error(`no ${path} in the definitions`);
  (node as { name: string }).name = to;
  (node as { name_localizations?: unknown }).name_localizations = {};
  return copy;
}

describe("docs", () => {
  const definitions = commandDefinitions() as unknown as CommandNode[];

  it("docs - every named command exists - README and docs/", () => {
    expect(docFiles().length).toBeGreaterThan(1);
    expect(commandProblems(definitions)).toEqual([]);
  });

  it("docs - commands are named as code only - README and docs/", () => {
    const loose = docFiles().flatMap((file) => proseCommands(file, readFileSync(join(ROOT, file), "utf8")));
    expect(loose.map((m) => `${m.file}:${m.line}: ${m.text}`)).toEqual([]);
  });

  it("docs - the docs name every command - README and docs/", () => {
    // Guards the check itself: a parser that found nothing would pass everything.
    const mentioned = new Set(
      docFiles().flatMap((file) =>
        mentionsIn(file, readFileSync(join(ROOT, file), "utf8")).map((m) => m.text.split(/\s+/).slice(0, 3).join(" ")),
      ),
    );
    const missing: string[] = [];
    for (const root of definitions) {
      for (const o of root.options ?? []) {
        const subs = o.type === GROUP ? (o.options ?? []).map((s) => `${o.name} ${s.name}`) : [o.name];
        for (const sub of subs) {
          const full = `/${root.name} ${sub}`;
          if (![...mentioned].some((m) => m === full || m.startsWith(`${full} `))) missing.push(full);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("docs - a renamed subcommand, group or option fails the check - doctored definitions", () => {
    for (const [path, to] of [
      ["nickar challenge", "duel"],
      ["nickar ladder", "rungs"],
      ["nickar ladder join", "enter"],
      ["nickar-admin season new", "start"],
      ["nickar-admin settings command_rate", "commands_per_minute"],
      ["nickar play level", "strength"],
    ] as const) {
      const problems = commandProblems(renamed(definitions, path, to));
      expect(problems.length, `renaming ${path} to ${to}`).toBeGreaterThan(0);
      expect(problems.join("\n")).toContain(`"${path.split(" ").at(-1)}"`);
    }
  });

  it("docs - a removed choice fails the check - doctored definitions", () => {
    const copy = structuredClone(definitions) as CommandNode[];
    const play = copy.find((c) => c.name === "nickar")?.options?.find((o) => o.name === "play");
    const level = play?.options?.find((o) => o.name === "level") as { choices: { value: string }[] } | undefined;
    if (!level) throw new Error("no /nickar play level");
    level.choices = level.choices.filter((c) => c.value !== "medium");
    expect(commandProblems(copy).join("\n")).toContain('"medium" is not a value of level');
  });

  it("docs - the checker reads commands as Discord does - written examples", () => {
    const ok = [
      "/nickar challenge opponent:@bob ruleset:abapa",
      "/nickar-admin settings command_rate:20 challenge_rate:5 language:da",
      "/nickar move house:C [game:<id>]",
      "/nickar stige tilmeld regelsæt:abapa",
      "/nickar-admin season new",
      "/nickar ladder",
      "/nickar",
      '/nickar-admin void game:k7m2xq9d reason:"two accounts of one player"',
    ];
    for (const text of ok) expect(problemsOf(definitions, text), text).toEqual([]);
    const wrong = [
      "/nickar settings command_rate:20", // the old README's mistake: the option is /nickar-admin settings'
      "/nickar season new",
      "/nickar-adm settings",
      "/nickar play level:godlike",
      "/nickar challenge ruleset:oware",
      "/nickar ladder join now",
      "/nickar ladder opponent:@bob",
      "/nickar-admin settings ladder:maybe",
    ];
    for (const text of wrong) expect(problemsOf(definitions, text), text).not.toEqual([]);
  });

  it("docs - mentions are found in code spans and code block lines only - a sample text", () => {
    const sample = [
      "Use `/nickar play level:easy` or `/nickar-admin settings animations:true`.",
      "```sh",
      `curl -d '{"text":"/nickar challenge opponent:@bob ruleset:haiti"}'   # or /nickar games`,
      "```",
      "In prose /nickar games escapes the check.",
    ].join("\n");
    expect(mentionsIn("x.md", sample).map((m) => m.text)).toEqual([
      "/nickar play level:easy",
      "/nickar-admin settings animations:true",
      "/nickar challenge opponent:@bob ruleset:haiti",
      "/nickar games",
    ]);
    // A value in quotes is one value; a quote that closes a JSON string ends the command.
    expect(
      mentionsIn(
        "x.md",
        '`/nickar-admin void game:x reason:"a b"`\n`{"text":"/nickar move house:","focused":"house"}`',
      ).map((m) => m.text),
    ).toEqual(['/nickar-admin void game:x reason:"a b"', "/nickar move house:"]);
    expect(proseCommands("x.md", sample).map((m) => m.line)).toEqual([5]);
  });

  it("docs - every relative link resolves - README, docs/ and packages/local-discord/README.md", () => {
    expect(brokenLinks()).toEqual([]);
  });

  it("docs - the README links every docs page - docs/", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const linked = new Set(linksIn(readme).map((l) => l.target.split("#")[0].replace(/^\.\//, "")));
    const pages = docFiles().filter((f) => f.startsWith("docs/"));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });

  it("docs - the README stays a front door - at most 200 lines", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(200);
  });

  it("docs - anchors follow GitHub's slugs - sample headings", () => {
    expect(slug("Load (`npm run bench:load`)")).toBe("load-npm-run-benchload");
    expect(slug("Ladders, ratings and series")).toBe("ladders-ratings-and-series");
    expect(slug("The path of a button press")).toBe("the-path-of-a-button-press");
    expect(slug("Español: ¿qué?")).toBe("español-qué");
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n### B_c")]).toEqual(["a", "a-1", "b_c"]);
    expect(linksIn("[x](docs/a.md#b) `[y](no.md)` ![i](docs/board.png)\n[r]: ./c.md").map((l) => l.target)).toEqual([
      "docs/a.md#b",
      "docs/board.png",
      "./c.md",
    ]);
  });
});
