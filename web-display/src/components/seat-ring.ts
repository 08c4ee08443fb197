/** The table: seats around a baize oval, seat 1 to the host's left, clockwise; a slot in the middle. */
import { css, html } from "lit";
import { type RulesetManifest, stepKind } from "../../../protocol/manifest.js";
import type { PublicState } from "../../../protocol/views.js";
import { MafiaElement } from "../element.js";
import { forumVotes } from "../forum.js";
import { theme } from "../styles.js";
import "./seat-chip.js";
import { type Middle, seatLayout } from "./seat-layout.js";

/** Open votes (thumbs; a day board's votes): whom each voter's vote went to, by seat. */
export function votesBySeat(
  state: PublicState,
  manifest: RulesetManifest | null,
): Map<number, string> {
  const votedFor = new Map<number, string>();
  if (manifest?.capabilities.dayBoard && state.phase === "day")
    for (const [voter, target] of forumVotes(state)) votedFor.set(voter, String(target));
  for (const [key, seats] of Object.entries(state.voters ?? {}))
    for (const voter of seats) votedFor.set(voter, key);
  return votedFor;
}

/** The role to show on a seat: the audience's, the end's, or one the rules made public. */
export function shownRole(
  state: PublicState,
  seat: PublicState["seats"][number],
  roles: Record<string, string> | null,
): string | null {
  const known = roles ?? (state.phase === "ended" ? state.roles : null);
  return known ? (known[String(seat.seat)] ?? seat.role) : seat.role;
}

export class SeatRing extends MafiaElement {
  static override properties = {
    state: { attribute: false },
    night: { type: Boolean },
    roles: { attribute: false },
    box: { state: true },
    middle: { state: true },
  };

  declare state: PublicState;
  declare night: boolean;
  /** Every seat's role, for the audience screen only (the display never sets it). */
  declare roles: Record<string, string> | null;
  /** The ring's own size in vh, as last measured (the layout depends on its shape). */
  declare box: { width: number; height: number };
  /** The middle's content (the slot's elements) as last measured, in vh; null before. */
  declare middle: Middle | null;
  /** The ring's box and the middle's elements: either changing moves the seats. */
  private readonly sizes = new ResizeObserver(() => this.measure());

  constructor() {
    super();
    this.night = false;
    this.roles = null;
    // Until measured: the display's oval at 16:9 (screen-frame.ts).
    this.box = { width: 121, height: 85 };
    this.middle = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the page after a move: watch again (the first time, firstUpdated does).
    if (this.hasUpdated) this.watch();
  }

  override disconnectedCallback(): void {
    this.sizes.disconnect();
    super.disconnectedCallback();
  }

  override firstUpdated(): void {
    const slot = this.renderRoot.querySelector("slot");
    slot?.addEventListener("slotchange", () => this.watch());
    this.watch();
  }

  /** Observes the ring and whatever the middle holds now (a language or a step resizes it). */
  private watch(): void {
    this.sizes.disconnect();
    this.sizes.observe(this);
    for (const el of this.slotted()) this.sizes.observe(el);
    this.measure();
  }

  private slotted(): Element[] {
    return this.renderRoot.querySelector("slot")?.assignedElements() ?? [];
  }

  /**
   * Takes the ring's box and the middle's extent from the page as laid out now, and lays
   * the seats out again if either changed. Its ResizeObserver calls it a frame after a
   * change; a test that feeds states faster than frames calls it to settle at once.
   */
  measure(): void {
    const vh = window.innerHeight / 100;
    if (vh <= 0 || this.clientWidth === 0) return;
    const box = { width: this.clientWidth / vh, height: this.clientHeight / vh };
    if (!near(box, this.box)) this.box = box;
    const rects = this.slotted()
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const middle =
      rects.length === 0
        ? null
        : {
            width:
              (Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left))) / vh,
            height:
              (Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top))) / vh,
          };
    if (middle === null ? this.middle !== null : !this.middle || !near(middle, this.middle))
      this.middle = middle;
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        position: relative;
        width: 100%;
        height: 100%;
      }
      .oval {
        position: absolute;
        inset: 11% 9%;
        border-radius: 50%;
        background: radial-gradient(ellipse at 50% 40%, #17704a 0%, var(--felt) 55%, #0a3a24 100%);
        border: 1.6vh solid var(--felt-edge);
        box-shadow:
          inset 0 0 6vh rgba(0, 0, 0, 0.55),
          0 2vh 6vh rgba(0, 0, 0, 0.6);
      }
      :host([night]) .oval {
        background: radial-gradient(ellipse at 50% 40%, #0d1526 0%, #070b15 70%);
        border-color: #111a2e;
        box-shadow: inset 0 0 6vh rgba(0, 0, 0, 0.8);
      }
      /* The chips keep out of what it holds, as measured (seat-layout.ts, Middle). */
      .center {
        position: absolute;
        inset: 24% 22%;
        display: flex;
        align-items: center;
        justify-content: center;
        text-align: center;
      }
      mafia-seat {
        position: absolute;
        transform: translate(-50%, -50%);
      }
    `,
  ];

  override render() {
    const s = this.state;
    const speaking = s.phase === "day" && stepKind(this.manifest, s.step) === "speaking";
    // Open votes (sport): each voter's chip says whom his counted vote went to.
    const votedFor = votesBySeat(s, this.manifest);
    const layout = seatLayout(s.seats.length, this.box.width, this.box.height, this.middle);
    this.style.setProperty("--seat-scale", layout.scale.toFixed(3));
    return html`<div class="oval"></div>
      <div class="center"><slot></slot></div>
      ${s.seats.map((seat, i) => {
        const p = layout.points[i] ?? { x: 50, y: 50 };
        return html`<mafia-seat
          style="left:${p.x.toFixed(2)}%;top:${p.y.toFixed(2)}%"
          .seat=${seat}
          .ruleset=${s.ruleset}
          .role=${shownRole(s, seat, this.roles)}
          ?speaker=${speaking && s.speaker === seat.seat}
          ?counting=${s.counting === seat.seat}
          .nominee=${s.phase === "day" ? s.nominations.indexOf(seat.seat) + 1 : 0}
          ?night=${this.night}
          ?playing=${s.phase === "day" || s.phase === "night"}
          .votedFor=${votedFor.get(seat.seat) ?? null}
        ></mafia-seat>`;
      })}`;
  }
}

/** Sizes that differ by less than a fifth of a vh are the same layout (no update loop). */
function near(a: Middle, b: Middle): boolean {
  return Math.abs(a.width - b.width) <= 0.2 && Math.abs(a.height - b.height) <= 0.2;
}

customElements.define("mafia-seat-ring", SeatRing);
