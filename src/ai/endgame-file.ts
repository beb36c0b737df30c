/**
 * Endgame tables on disk (docs/hosting.md, "Endgame tables"): one file per ruleset and seed count under
 * the data folder, built once and read at each start. A file is trusted only when its header names the
 * table asked for and its checksum matches: a partial file (a build killed mid-write, a full disk) or a
 * corrupt one is refused and the table built again. Files are written under a temporary name and renamed,
 * so a reader never sees one half written.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { RULESET_IDS, type RulesetId } from "../engine/internal.ts";
import { type BuildProgress, buildTable, type EndgameTable, layerOffset, MAX_TABLE_SEEDS } from "./endgame.ts";

/** "NKEG": Nickar endgame. */
const MAGIC = 0x4745_4b4e;
/**
 * The table format and build rules: raised whenever either changes (a new ruleset rule, a different
 * bound), so that an old file is rebuilt rather than trusted.
 */
export const TABLE_VERSION = 1;
const HEADER = 32;

/** Where the endgame tables are kept and how many seeds they hold (docs/hosting.md). */
export interface EndgameOptions {
  readonly dir: string;
  /** Boards of at most this many seeds (0: no table), for every ruleset `perRuleset` does not name. */
  readonly seeds: number;
  readonly perRuleset?: Readonly<Partial<Record<RulesetId, number>>>;
}

/**
 * The tables a tool plays with: the bot's (`bot`, a size per ruleset) unless a flag gives one size for every
 * ruleset (`seeds`) or another folder (`dir`).
 */
export function tablesOverridden(bot: EndgameOptions, dir?: string, seeds?: number): EndgameOptions {
  return seeds === undefined ? { ...bot, dir: dir ?? bot.dir } : { dir: dir ?? bot.dir, seeds };
}

/** The size of a ruleset's table under these options (0: none). */
export function seedsFor(endgame: EndgameOptions, ruleset: RulesetId): number {
  return endgame.perRuleset?.[ruleset] ?? endgame.seeds;
}

export function tablePath(dir: string, ruleset: RulesetId, seeds: number): string {
  return join(dir, `${ruleset}-${seeds}.bin`);
}

/** FNV-1a over the bytes: enough to catch a torn or damaged file (not an adversary). */
function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h >>> 0;
}

export function encodeTable(table: EndgameTable): Uint8Array {
  const entries = table.lo.length;
  const file = new Uint8Array(HEADER + 2 * entries);
  file.set(new Uint8Array(table.lo.buffer, table.lo.byteOffset, entries), HEADER);
  file.set(new Uint8Array(table.hi.buffer, table.hi.byteOffset, entries), HEADER + entries);
  const header = new DataView(file.buffer, 0, HEADER);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, TABLE_VERSION, true);
  header.setUint32(8, RULESET_IDS.indexOf(table.ruleset), true);
  header.setUint32(12, table.seeds, true);
  header.setUint32(16, entries, true);
  header.setUint32(20, checksum(file.subarray(HEADER)), true);
  return file;
}

/** Why `bytes` are not the table asked for, whole and intact; null when they are. */
function problemOf(bytes: Uint8Array, ruleset: RulesetId, seeds: number): string | null {
  const entries = layerOffset(seeds + 1);
  if (bytes.length !== HEADER + 2 * entries) return `${bytes.length} bytes, not ${HEADER + 2 * entries}`;
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER);
  if (header.getUint32(0, true) !== MAGIC) return "not an endgame table";
  if (header.getUint32(4, true) !== TABLE_VERSION) return "an older table format";
  if (header.getUint32(8, true) !== RULESET_IDS.indexOf(ruleset) || header.getUint32(12, true) !== seeds)
    return "another ruleset's or size's table";
  if (header.getUint32(16, true) !== entries) return "wrong entry count";
  if (header.getUint32(20, true) !== checksum(bytes.subarray(HEADER))) return "checksum mismatch";
  return null;
}

/** The table in `bytes` if it is the one asked for, whole and intact; else why not. */
export function decodeTable(
  bytes: Uint8Array,
  ruleset: RulesetId,
  seeds: number,
): { table: EndgameTable } | { problem: string } {
  const problem = problemOf(bytes, ruleset, seeds);
  if (problem !== null) return { problem };
  const entries = layerOffset(seeds + 1);
  // Copied out of the file's buffer, so the search's arrays are plain and aligned.
  const lo = new Int8Array(entries);
  const hi = new Int8Array(entries);
  lo.set(new Int8Array(bytes.buffer, bytes.byteOffset + HEADER, entries));
  hi.set(new Int8Array(bytes.buffer, bytes.byteOffset + HEADER + entries, entries));
  return { table: { ruleset, seeds, lo, hi } };
}

/** The file's bytes, or why there are none. */
function readBytes(dir: string, ruleset: RulesetId, seeds: number): { bytes: Uint8Array } | { problem: string } {
  try {
    return { bytes: readFileSync(tablePath(dir, ruleset, seeds)) };
  } catch (error) {
    return { problem: (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : String(error) };
  }
}

/** The table read from `dir`, or null when there is none or it is not to be trusted (with why). */
export function readTable(
  dir: string,
  ruleset: RulesetId,
  seeds: number,
): { table: EndgameTable } | { problem: string } {
  const read = readBytes(dir, ruleset, seeds);
  return "bytes" in read ? decodeTable(read.bytes, ruleset, seeds) : read;
}

/**
 * The report of the table's file if it is whole and intact, else why not, without keeping the table:
 * the bot checks its files at start in its own thread, and a search thread reads a table at its first
 * search of that ruleset, so a bot whose Nickar does not play holds neither tables nor search thread.
 */
export function checkTableFile(
  dir: string,
  ruleset: RulesetId,
  seeds: number,
): { report: TableReport } | { problem: string } {
  const started = performance.now();
  const read = readBytes(dir, ruleset, seeds);
  if (!("bytes" in read)) return read;
  const problem = problemOf(read.bytes, ruleset, seeds);
  if (problem !== null) return { problem };
  const entries = layerOffset(seeds + 1);
  const lo = read.bytes.subarray(HEADER, HEADER + entries);
  const hi = read.bytes.subarray(HEADER + entries);
  return { report: tableReport(ruleset, seeds, { built: false, started, bytes: read.bytes.length }, lo, hi) };
}

/** A table's report: its exact boards counted over its two bounds (signed or not, equal is equal). */
function tableReport(
  ruleset: RulesetId,
  seeds: number,
  how: { built: boolean; started: number; bytes: number; problem?: string },
  lo: ArrayLike<number>,
  hi: ArrayLike<number>,
): TableReport {
  let exact = 0;
  for (let i = 0; i < lo.length; i++) if (lo[i] === hi[i]) exact++;
  return {
    ruleset,
    seeds,
    built: how.built,
    ...(how.problem !== undefined && { problem: how.problem }),
    ms: Math.round(performance.now() - how.started),
    bytes: how.bytes,
    exact,
    boards: lo.length,
  };
}

export function writeTable(dir: string, table: EndgameTable): number {
  mkdirSync(dir, { recursive: true });
  const path = tablePath(dir, table.ruleset, table.seeds);
  const temporary = `${path}.${process.pid}-${threadId}.tmp`;
  const bytes = encodeTable(table);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
  return bytes.length;
}

export interface TableReport {
  readonly ruleset: RulesetId;
  readonly seeds: number;
  /** Built now (false: read from the file). */
  readonly built: boolean;
  /** Why the file was not used, when it was built. */
  readonly problem?: string;
  readonly ms: number;
  readonly bytes: number;
  /** Boards whose bounds meet (lo = hi), of all boards. */
  readonly exact: number;
  readonly boards: number;
}

/** Reads the table from `dir`, or builds and writes it when the file is missing, partial or corrupt. */
export function loadOrBuild(
  dir: string,
  ruleset: RulesetId,
  seeds: number,
  progress?: BuildProgress,
): {
  table: EndgameTable;
  report: TableReport;
} {
  if (!Number.isInteger(seeds) || seeds < 0 || seeds > MAX_TABLE_SEEDS) throw new RangeError(`bad seeds ${seeds}`);
  const started = performance.now();
  const read = readTable(dir, ruleset, seeds);
  let table: EndgameTable;
  let bytes: number;
  const built = !("table" in read);
  if ("table" in read) {
    table = read.table;
    bytes = HEADER + 2 * table.lo.length;
  } else {
    table = buildTable(ruleset, seeds, progress);
    bytes = writeTable(dir, table);
  }
  const report = tableReport(
    ruleset,
    seeds,
    { built, started, bytes, ...("problem" in read && { problem: read.problem }) },
    table.lo,
    table.hi,
  );
  return { table, report };
}
