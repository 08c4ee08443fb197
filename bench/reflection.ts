/**
 * Which view shows that a paddle's publish took effect: the latency samples of
 * `npm run bench` (bench/hub-run.ts) end when the display or the host holds it.
 */
import type { PublicState } from "../protocol/index.js";
import type { SampleKind } from "./traffic.js";

/** A hostView as far as the night samples need it. */
export interface HostViewLike {
  phase: string;
  step: string;
  round: number;
  quiet?: { answered: number[] };
}

/** A sample's kind, and the test a view passes once it shows the input. */
export interface Sample {
  kind: SampleKind;
  reflected: (s: PublicState | HostViewLike) => boolean;
}

/** Which view shows that this publish took effect, or null if none will. */
export function reflection(
  parts: string[],
  message: string,
  now: PublicState | undefined,
): Sample | null {
  if (!now || parts[0] !== "mafia" || parts[3] !== "seat") return null;
  let body: { kind?: string; action?: string; targets?: number[] };
  try {
    body = JSON.parse(message);
  } catch {
    return null;
  }
  const seat = Number(parts[4]);
  const at = `${now.phase}/${now.step}/${now.round}`;
  const stepMoved = (v: PublicState | HostViewLike) => `${v.phase}/${v.step}/${v.round}` !== at;
  if (now.phase === "night" && body.kind === "act") {
    // Night choices are secret: the host view shows the seat has answered (or the step moved on).
    return {
      kind: "host",
      reflected: (v) => stepMoved(v) || ((v as HostViewLike).quiet?.answered ?? []).includes(seat),
    };
  }
  const speech = `${at}/${now.speaker}/${now.counting}`;
  const moved = (v: PublicState | HostViewLike) => {
    const s = v as PublicState;
    return `${s.phase}/${s.step}/${s.round}/${s.speaker}/${s.counting}` !== speech;
  };
  if (body.kind === "pass" && now.phase === "day" && now.speaker === seat)
    return { kind: "state", reflected: moved };
  if (body.kind === "act" && body.action === "nominate") {
    const target = body.targets?.[0];
    return {
      kind: "state",
      reflected: (s) => target !== undefined && (s as PublicState).nominations.includes(target),
    };
  }
  return null;
}
