/**
 * Everything around the board: the game picker, both players with their stores' names and clocks, whose
 * turn, the narration (a polite live region: a screen reader says each move in words), an open draw offer
 * or takeback request with its answers, the player's actions (Resign asks first), and at the end the result
 * with the rating changes and Rematch. It only shows a `GameView` and reports presses: the bot decides.
 */
import { clockParts } from "../core/keys.ts";
import type { GameEntry, GameView, PageAction } from "../core/protocol.ts";
import type { PageTranslate } from "./texts.ts";

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = "",
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (text) made.textContent = text;
  return made;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0";
}

export class Panel {
  readonly picker = element("select", "picker");
  readonly players = [element("p", "player"), element("p", "player")] as const;
  readonly turn = element("p", "turn");
  readonly narration = element("p", "narration");
  readonly question = element("div", "question");
  readonly actions = element("div", "actions");
  readonly result = element("div", "result");
  readonly status = element("p", "status");
  private view: GameView | null = null;
  /** The bot's clock minus the page's, when the view came. */
  private skew = 0;

  constructor(
    private readonly t: PageTranslate,
    private readonly act: (action: PageAction) => void,
    watch: (gameId: string) => void,
  ) {
    this.narration.setAttribute("aria-live", "polite");
    this.status.setAttribute("role", "status");
    this.relabel();
    this.picker.addEventListener("change", () => watch(this.picker.value));
    setInterval(() => this.tick(), 1000);
  }

  /** The labels that do not come from a view, in the page's language now. */
  relabel(): void {
    this.picker.setAttribute("aria-label", this.t("activity:pickGame"));
  }

  setGames(games: readonly GameEntry[], shown: string | null): void {
    this.picker.replaceChildren(
      ...games.map((g) => {
        const option = element(
          "option",
          "",
          this.t("activity:gameEntry", { south: g.names[0], north: g.names[1], id: g.gameId }),
        );
        option.value = g.gameId;
        return option;
      }),
    );
    if (shown) this.picker.value = shown;
    this.picker.hidden = games.length < 2;
  }

  say(text: string): void {
    this.status.textContent = text;
  }

  show(view: GameView): void {
    const { t } = this;
    this.view = view;
    this.skew = view.now - Date.now();
    if (Array.from(this.picker.options).some((o) => o.value === view.gameId)) this.picker.value = view.gameId;
    const active = view.status === "active";
    const toMove = view.toMove;
    this.turn.textContent = !active
      ? t("activity:gameOver")
      : view.thinking
        ? t("activity:thinking")
        : view.seat === toMove
          ? t("activity:yourMove")
          : `${t("activity:theirMove", { name: view.names[toMove] })}${view.seat === null ? ` ${t("activity:watching")}` : ""}`;
    // Said once per change: the live region speaks only when its text changes.
    this.narration.textContent = view.narration ?? "";
    this.showQuestion(view);
    this.showActions(view);
    this.showResult(view);
    this.tick();
  }

  private button(label: string, action: PageAction | (() => void), style = ""): HTMLButtonElement {
    const made = element("button", style, label);
    made.type = "button";
    made.addEventListener("click", () => (typeof action === "function" ? action() : this.act(action)));
    return made;
  }

  private showQuestion(view: GameView): void {
    const { t } = this;
    const parts: HTMLElement[] = [];
    const active = view.status === "active";
    if (active && view.drawOfferBy !== null) {
      parts.push(element("p", "", t("activity:drawOffered", { name: view.names[view.drawOfferBy] })));
      if (view.seat !== null && view.seat !== view.drawOfferBy)
        parts.push(
          this.button(t("activity:acceptDraw"), { kind: "draw" }, "primary"),
          this.button(t("activity:declineDraw"), { kind: "draw-decline" }),
        );
    }
    if (active && view.takebackBy !== null) {
      parts.push(element("p", "", t("activity:takebackAsked", { name: view.names[view.takebackBy] })));
      if (view.seat !== null && view.seat !== view.takebackBy)
        parts.push(
          this.button(t("activity:acceptTakeback"), { kind: "takeback" }, "primary"),
          this.button(t("activity:declineTakeback"), { kind: "takeback-decline" }),
        );
    }
    this.question.replaceChildren(...parts);
  }

  private showActions(view: GameView): void {
    const { t } = this;
    if (view.status !== "active" || view.seat === null) {
      this.actions.replaceChildren();
      return;
    }
    const buttons = [this.button(t("activity:resign"), () => this.confirmResign(), "danger")];
    if (view.drawOfferBy === null) buttons.push(this.button(t("activity:offerDraw"), { kind: "draw" }));
    if (view.canTakeback && view.takebackBy === null)
      buttons.push(this.button(t("activity:takeback"), { kind: "takeback" }));
    this.actions.replaceChildren(...buttons);
  }

  private confirmResign(): void {
    const { t } = this;
    const yes = this.button(t("activity:resignYes"), { kind: "resign-confirm" }, "danger");
    const no = this.button(t("activity:cancel"), () => this.view && this.showActions(this.view));
    this.actions.replaceChildren(element("p", "", t("activity:resignQuestion")), yes, no);
    no.focus();
  }

  private showResult(view: GameView): void {
    const { t } = this;
    if (view.status === "active") {
      this.result.replaceChildren();
      return;
    }
    const parts: HTMLElement[] = [element("p", "banner", view.result ?? "")];
    view.ratings.forEach((change, side) => {
      if (!change) return;
      const values = { name: view.names[side], before: change.before, after: change.after };
      parts.push(
        element("p", "rating", t("activity:rating", { ...values, change: signed(change.after - change.before) })),
      );
    });
    if (view.canRematch) parts.push(this.button(t("activity:rematch"), { kind: "rematch" }, "primary"));
    this.result.replaceChildren(...parts);
  }

  /** The clocks: the player to move's counting down to the deadline, the other's time per move. */
  private tick(): void {
    const view = this.view;
    if (!view) return;
    const { t } = this;
    const words = (ms: number) => {
      const { days, clock } = clockParts(ms);
      const shown = days > 0 && /^[0:]+$/.test(clock) ? "" : clock;
      return days > 0 ? t("activity:days", { count: days, clock: shown }).trim() : shown;
    };
    const toMove = view.toMove;
    for (const side of [0, 1] as const) {
      const running = view.status === "active" && side === toMove && view.deadlineAt !== null && !view.thinking;
      const clock = running
        ? t("activity:clockMove", { time: words(view.deadlineAt! - (Date.now() + this.skew)) })
        : t("activity:clockLimit", { time: words(view.timeLimit * 1000) });
      this.players[side].replaceChildren(element("b", "", view.names[side]), element("span", "clock", clock));
      this.players[side].classList.toggle("to-move", view.status === "active" && side === toMove);
    }
  }
}
