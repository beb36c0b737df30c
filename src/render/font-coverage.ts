/**
 * Which characters a font file has: the code points its `cmap` maps to a glyph (subtables of format
 * 12, else 4), read from a TrueType/OpenType file (only its table directory and cmap are read) or a
 * WOFF2 file (decompressed once). fonts.ts uses it to register a fallback font only when a text
 * needs one of its characters, and exactly the family the full fallback chain would have used.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";

/** Code points as sorted, disjoint ranges [start, end] (inclusive). */
export class Coverage {
  constructor(
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
  ) {}

  has(codePoint: number): boolean {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (codePoint < this.starts[mid]) hi = mid - 1;
      else if (codePoint > this.ends[mid]) lo = mid + 1;
      else return true;
    }
    return false;
  }

  /** How many code points are covered. */
  get size(): number {
    let n = 0;
    for (let i = 0; i < this.starts.length; i++) n += this.ends[i] - this.starts[i] + 1;
    return n;
  }

  /** The code points of either. */
  union(other: Coverage): Coverage {
    const ranges: [number, number][] = [];
    for (const c of [this, other]) for (let i = 0; i < c.starts.length; i++) ranges.push([c.starts[i], c.ends[i]]);
    return Coverage.of(ranges);
  }

  /** Ranges of single code points merged into sorted disjoint ranges. */
  static of(ranges: [number, number][]): Coverage {
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of ranges) {
      const last = merged.at(-1);
      if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    return new Coverage(
      Uint32Array.from(merged, (r) => r[0]),
      Uint32Array.from(merged, (r) => r[1]),
    );
  }
}

/** The code points of a cmap table (a buffer holding just that table). */
function parseCmap(cmap: Buffer): Coverage {
  const count = cmap.readUInt16BE(2);
  let best: { offset: number; rank: number } | null = null;
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(offset);
    // Full Unicode (format 12) before the Basic Multilingual Plane (format 4).
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    const rank = !unicode ? 0 : format === 12 ? 2 : format === 4 ? 1 : 0;
    if (rank > 0 && (!best || rank > best.rank)) best = { offset, rank };
  }
  if (!best) return Coverage.of([]);
  const at = best.offset;
  const ranges: [number, number][] = [];
  if (best.rank === 2) {
    const groups = cmap.readUInt32BE(at + 12);
    for (let g = 0; g < groups; g++) {
      const start = cmap.readUInt32BE(at + 16 + g * 12);
      const end = cmap.readUInt32BE(at + 20 + g * 12);
      const glyph = cmap.readUInt32BE(at + 24 + g * 12);
      // A group starting at glyph 0 (.notdef) maps its first code point to nothing.
      if (glyph === 0) {
        if (end > start) ranges.push([start + 1, end]);
      } else ranges.push([start, end]);
    }
    return Coverage.of(ranges);
  }
  const segments = cmap.readUInt16BE(at + 6) / 2;
  const endCodes = at + 14;
  const startCodes = endCodes + segments * 2 + 2;
  const deltas = startCodes + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(endCodes + s * 2);
    const start = cmap.readUInt16BE(startCodes + s * 2);
    const delta = cmap.readUInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const glyphAt = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        glyph = cmap.readUInt16BE(glyphAt);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) ranges.push([c, c]);
    }
  }
  return Coverage.of(ranges);
}

/** The cmap table of a TrueType/OpenType file, read without reading the rest of the file. */
function sfntCmap(path: string): Buffer {
  const fd = openSync(path, "r");
  try {
    const read = (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      if (readSync(fd, buffer, 0, length, position) !== length) throw new Error(`${path} is cut short`);
      return buffer;
    };
    const tables = read(4, 2).readUInt16BE(0);
    const directory = read(12, tables * 16);
    for (let i = 0; i < tables; i++) {
      if (directory.toString("latin1", i * 16, i * 16 + 4) !== "cmap") continue;
      return read(directory.readUInt32BE(i * 16 + 8), directory.readUInt32BE(i * 16 + 12));
    }
    throw new Error(`${path} has no cmap table`);
  } finally {
    closeSync(fd);
  }
}

/** WOFF2's known table tags, by index (the cmap is index 0). */
const GLYF = 10;
const LOCA = 11;

/** The cmap table of a WOFF2 file (its tables are one brotli stream, in directory order). */
function woff2Cmap(path: string): Buffer {
  const file = readFileSync(path);
  const tables = file.readUInt16BE(12);
  const compressedLength = file.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[at++];
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error(`${path}: a bad UIntBase128`);
  };
  let offset = 0;
  let cmap: { offset: number; length: number } | null = null;
  for (let i = 0; i < tables; i++) {
    const flags = file[at++];
    const tag = flags & 0x3f;
    if (tag === 0x3f) at += 4;
    const version = flags >> 6;
    const length = base128();
    // glyf and loca are transformed at version 0, every other table at a version other than 0.
    const transformed = tag === GLYF || tag === LOCA ? version === 0 : version !== 0;
    const stored = transformed ? base128() : length;
    if (tag === 0) cmap = { offset, length };
    offset += stored;
  }
  if (!cmap) throw new Error(`${path} has no cmap table`);
  const tablesData = brotliDecompressSync(file.subarray(at, at + compressedLength));
  return tablesData.subarray(cmap.offset, cmap.offset + cmap.length);
}

/** The code points the font file at `path` (.ttf, .otf or .woff2) has glyphs for. */
export function fontCoverage(path: string): Coverage {
  return parseCmap(path.endsWith(".woff2") ? woff2Cmap(path) : sfntCmap(path));
}
