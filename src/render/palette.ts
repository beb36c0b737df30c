/**
 * The fixed palette of the animations and of the still boards, built once per scale by quantizing
 * sample scenes that show every element the renderer draws (wood, seeds, every highlight colour,
 * hand, flights, caption, banner). One palette for every image is much faster than quantizing each
 * one, and keeps colours from flickering between frames; an image it cannot represent closely (a
 * colour no sample has) is noticed by the indexer, and the still board then falls back to full colour.
 */
import { quantize } from "./gif-writer.ts";
import { pitCenter, storeCenter } from "./layout.ts";
import { PaletteIndexer } from "./palette-indexer.ts";
import type { Scene } from "./scene.ts";
import { sceneImage, straightAlpha } from "./surface.ts";
import { emptyTrace } from "./trace.ts";
import type { BoardView } from "./view.ts";

const SAMPLE_VIEW: BoardView = {
  ruleset: "haiti",
  position: { pits: [3, 0, 5, 19, 1, 2, 4, 0, 7, 2, 1, 1], stores: [20, 8], toMove: 0 },
  outcome: { over: false },
  players: [{ name: "South" }, { name: "North" }],
  footer: "Series 3-2 · first to 6",
};

function sampleScenes(): Scene[] {
  const trace = emptyTrace();
  trace.marks[0].origin = true;
  trace.marks[2].received = 1;
  trace.marks[3].relay = 1;
  trace.marks[8].captured = 4;
  trace.marks[10].awarded = 1;
  trace.storeGain = [4, 0];
  const base: Scene = {
    pits: SAMPLE_VIEW.position.pits,
    stores: SAMPLE_VIEW.position.stores,
    turn: 0,
    playing: true,
    trace,
    caption: "relay: picks up 7 from c",
    banner: null,
    hand: { at: pitCenter(5), seeds: 6 },
    flights: [{ from: pitCenter(9), to: storeCenter(0), t: 0.5, seeds: 3 }],
  };
  return [
    base,
    {
      ...base,
      turn: 1,
      hand: null,
      flights: [],
      banner: { title: "North wins 5–2 kay", detail: "no legal move was left" },
      playing: false,
    },
  ];
}

const indexers = new Map<number, PaletteIndexer>();

export function paletteFor(scale: number): PaletteIndexer {
  let indexer = indexers.get(scale);
  if (!indexer) {
    const images = sampleScenes().map((scene) => straightAlpha(sceneImage(SAMPLE_VIEW, scene, scale)).data);
    // Only opaque pixels: the transparent corners have their own index.
    let count = 0;
    for (const data of images) for (let p = 3; p < data.length; p += 4) if (data[p] >= 128) count++;
    const sample = new Uint8Array(count * 4);
    let i = 0;
    for (const data of images) {
      for (let p = 0; p < data.length; p += 4) {
        if (data[p + 3] < 128) continue;
        sample[i++] = data[p];
        sample[i++] = data[p + 1];
        sample[i++] = data[p + 2];
        sample[i++] = 255;
      }
    }
    indexer = new PaletteIndexer(quantize(sample, 255));
    indexers.set(scale, indexer);
  }
  return indexer;
}
