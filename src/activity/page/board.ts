/**
 * The board on the page: two rows of six houses and the two stores, the viewer's own row nearest them
 * (South's A–F at the bottom, or North's a–f for North), sowing anticlockwise as on the board image. Each
 * house is a button named by its letter and seeds (what a screen reader says); the legal houses of the
 * player to move are lit and pressable, the others disabled. `draw` shows any moment of a move's sowing
 * (core/sowing.ts): the pit the hand is over, the seeds in the hand, the pits being taken.
 */
import { pitLetter } from "../../engine/index.ts";
import type { SowingStep } from "../core/sowing.ts";
import type { PageTranslate } from "./texts.ts";

/** What the board shows at one moment: a sowing step without its timing (or the position, nothing lit). */
export type BoardMoment = Omit<SowingStep, "delay">;

/** At most this many seeds are drawn as dots in a pit; the number says the rest. */
const MAX_DOTS = 15;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  return made;
}

export class BoardView {
  readonly root = element("div", "board");
  private readonly houses: HTMLButtonElement[] = [];
  private readonly stores: HTMLDivElement[] = [];
  private names: readonly [string, string] = ["", ""];

  constructor(
    private readonly t: PageTranslate,
    /** The viewer's side: their row is drawn nearest them. */
    bottom: 0 | 1,
    onPress: (pit: number) => void,
  ) {
    this.root.setAttribute("role", "group");
    const top = (1 - bottom) as 0 | 1;
    // A row is drawn left to right in sowing order for the side at the bottom, and backwards on top.
    const rowOf = (side: 0 | 1, reversed: boolean) => {
      const row = element("div", `row row-${side === 0 ? "south" : "north"}`);
      const pits = Array.from({ length: 6 }, (_, i) => side * 6 + i);
      for (const pit of reversed ? pits.reverse() : pits) {
        const house = element("button", "house");
        house.type = "button";
        house.dataset.pit = String(pit);
        house.addEventListener("click", () => onPress(pit));
        this.houses[pit] = house;
        row.append(house);
      }
      return row;
    };
    for (const side of [0, 1] as const) {
      const store = element("div", `store store-${side === 0 ? "south" : "north"}`);
      store.setAttribute("role", "img");
      this.stores[side] = store;
    }
    // The top player's store on the left, the bottom player's on the right: seeds travel anticlockwise.
    this.root.append(this.stores[top], rowOf(top, true), rowOf(bottom, false), this.stores[bottom]);
  }

  setNames(names: readonly [string, string]): void {
    this.names = names;
  }

  /** Draws `moment`; `legal`: the pits that may be pressed now (none while animating or not the viewer's turn). */
  draw(moment: BoardMoment, legal: ReadonlySet<number>): void {
    moment.pits.forEach((seeds, pit) => {
      const house = this.houses[pit];
      const letter = pitLetter(pit);
      house.replaceChildren(this.seedsOf(seeds), this.label(letter, String(seeds)));
      house.setAttribute("aria-label", this.t("activity:houseLabel", { letter, count: seeds }));
      house.disabled = !legal.has(pit);
      house.classList.toggle("legal", legal.has(pit));
      house.classList.toggle("hand", moment.at === pit);
      house.classList.toggle("taken", moment.taken.includes(pit));
      house.dataset.seeds = String(seeds);
    });
    for (const side of [0, 1] as const) {
      const store = this.stores[side];
      const count = moment.stores[side];
      store.replaceChildren(this.seedsOf(count), this.label(this.names[side], String(count)));
      store.setAttribute("aria-label", this.t("activity:storeLabel", { name: this.names[side], count }));
      store.dataset.seeds = String(count);
    }
    this.root.classList.toggle("sowing", moment.at !== null || moment.taken.length > 0);
  }

  /** Moves keyboard focus to a house (after a key press played it, focus stays on the board). */
  focus(pit: number): void {
    this.houses[pit]?.focus();
  }

  private seedsOf(count: number): HTMLElement {
    const dots = element("span", "seeds");
    dots.setAttribute("aria-hidden", "true");
    for (let i = 0; i < Math.min(count, MAX_DOTS); i++) dots.append(element("i", "seed"));
    return dots;
  }

  private label(name: string, count: string): HTMLElement {
    const label = element("span", "count");
    label.setAttribute("aria-hidden", "true");
    const letter = element("b", "");
    letter.textContent = name;
    const number = element("span", "");
    number.textContent = count;
    // The space is for the words, not the layout (a flex row ignores it): the visible "C 4" must read as the
    // start of the button's name "C: 4 seeds" (WCAG 2.5.3, label in name), not "C4".
    label.append(letter, " ", number);
    return label;
  }
}
