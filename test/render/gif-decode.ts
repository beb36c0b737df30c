import { PNG } from "pngjs";
/**
 * A small GIF decoder for the tests: parses the blocks, LZW-decodes every frame and composes the
 * frames as a viewer would (sub-rectangles, transparency, "do not dispose" and "restore to
 * background"), so a test can look at any frame's full picture. Written by hand because the tests
 * also count the graphic control extensions (one per frame), which a decoding library such
 * as omggif does not expose.
 */

export interface DecodedGif {
  width: number;
  height: number;
  /** Graphic control extensions seen (one per frame in our files). */
  controlExtensions: number;
  /** Netscape loop count, or null when the file does not loop. */
  loop: number | null;
  frames: { rgba: Uint8Array; delayMs: number; x: number; y: number; w: number; h: number }[];
}

function lzwDecode(data: Uint8Array, minCodeSize: number, pixelCount: number): Uint8Array {
  const out = new Uint8Array(pixelCount);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const firstOf = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let size = minCodeSize + 1;
  let next = end + 1;
  let previous = -1;
  let bits = 0;
  let buffer = 0;
  let written = 0;
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    firstOf[i] = i;
    prefix[i] = -1;
  }
  for (let pos = 0; pos < data.length && written < pixelCount; ) {
    while (bits < size && pos < data.length) {
      buffer |= data[pos++] << bits;
      bits += 8;
    }
    if (bits < size) break;
    const code = buffer & ((1 << size) - 1);
    buffer >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) break;
    let current = code;
    let top = 0;
    if (code >= next) {
      if (previous < 0) throw new Error("bad LZW code");
      stack[top++] = firstOf[previous];
      current = previous;
    }
    while (current >= clear) {
      stack[top++] = suffix[current];
      current = prefix[current];
    }
    stack[top++] = current;
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      suffix[next] = current;
      firstOf[next] = firstOf[previous];
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    while (top > 0 && written < pixelCount) out[written++] = stack[--top];
    previous = code;
  }
  if (written < pixelCount) throw new Error(`frame data ended after ${written} of ${pixelCount} pixels`);
  return out;
}

export function decodeGif(bytes: Uint8Array): DecodedGif {
  const ascii = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, b));
  if (!/^GIF8[79]a$/.test(ascii(0, 6))) throw new Error("not a GIF header");
  const u16 = (p: number) => bytes[p] | (bytes[p + 1] << 8);
  const width = u16(6);
  const height = u16(8);
  const flags = bytes[10];
  let pos = 13;
  let globalTable: Uint8Array | null = null;
  if (flags & 0x80) {
    const n = 3 * (1 << ((flags & 7) + 1));
    globalTable = bytes.subarray(pos, pos + n);
    pos += n;
  }
  const canvas = new Uint8Array(width * height * 4);
  const result: DecodedGif = { width, height, controlExtensions: 0, loop: null, frames: [] };
  let delayMs = 0;
  let transparent = -1;
  let dispose = 0;
  const readBlocks = (): Uint8Array => {
    const parts: number[] = [];
    for (let n = bytes[pos++]; n > 0; n = bytes[pos++]) {
      for (let i = 0; i < n; i++) parts.push(bytes[pos + i]);
      pos += n;
    }
    return Uint8Array.from(parts);
  };
  for (;;) {
    const block = bytes[pos++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = bytes[pos++];
      if (label === 0xf9) {
        const body = readBlocks();
        result.controlExtensions++;
        dispose = (body[0] >> 2) & 7;
        delayMs = (body[1] | (body[2] << 8)) * 10;
        transparent = body[0] & 1 ? body[3] : -1;
      } else if (label === 0xff) {
        const body = readBlocks();
        if (String.fromCharCode(...body.subarray(0, 11)) === "NETSCAPE2.0") result.loop = body[12] | (body[13] << 8);
      } else readBlocks();
      continue;
    }
    if (block !== 0x2c) throw new Error(`unexpected block 0x${block?.toString(16)} at ${pos - 1}`);
    const x = u16(pos);
    const y = u16(pos + 2);
    const w = u16(pos + 4);
    const h = u16(pos + 6);
    const imageFlags = bytes[pos + 8];
    pos += 9;
    let table = globalTable;
    if (imageFlags & 0x80) {
      const n = 3 * (1 << ((imageFlags & 7) + 1));
      table = bytes.subarray(pos, pos + n);
      pos += n;
    }
    if (!table) throw new Error("frame without a colour table");
    if (x + w > width || y + h > height) throw new Error("frame outside the screen");
    const minCodeSize = bytes[pos++];
    const indices = lzwDecode(readBlocks(), minCodeSize, w * h);
    const before = dispose === 3 ? canvas.slice() : null;
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        const v = indices[j * w + i];
        if (v === transparent) continue;
        const o = ((y + j) * width + x + i) * 4;
        canvas[o] = table[v * 3];
        canvas[o + 1] = table[v * 3 + 1];
        canvas[o + 2] = table[v * 3 + 2];
        canvas[o + 3] = 255;
      }
    }
    result.frames.push({ rgba: canvas.slice(), delayMs, x, y, w, h });
    if (dispose === 2) {
      for (let j = 0; j < h; j++) canvas.fill(0, ((y + j) * width + x) * 4, ((y + j) * width + x + w) * 4);
    } else if (dispose === 3 && before) canvas.set(before);
    transparent = -1;
    dispose = 0;
    delayMs = 0;
  }
  return result;
}

/** A decoded frame as a PNG (for pixel comparisons with a still). */
export function asPng(rgba: Uint8Array, width: number, height: number): PNG {
  const png = new PNG({ width, height });
  png.data.set(rgba);
  return png;
}
