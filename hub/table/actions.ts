/**
 * A decoded paddle message → the engine's seat action: the transport envelope (boot, seq)
 * stays in the hub, where deduplication and the journal's `src` use it.
 */
import { authorIsSecret, type SeatInputMessage } from "../../protocol/index.js";
import type { EngineInput, SeatAction } from "../engine/index.js";

export function toAction(msg: SeatInputMessage): SeatAction {
  switch (msg.kind) {
    case "hello":
      return { kind: "hello", fw: msg.fw, caps: [...msg.caps] };
    case "thumb":
      return { kind: "thumb", down: msg.down };
    case "blindfold":
      return msg.report
        ? { kind: "blindfold", on: msg.on, report: true }
        : { kind: "blindfold", on: msg.on };
    case "act":
      return msg.option === undefined
        ? { kind: "act", action: msg.action, targets: [...msg.targets] }
        : { kind: "act", action: msg.action, targets: [...msg.targets], option: msg.option };
    case "pass":
      return { kind: "pass" };
    case "voice":
      return { kind: "voice", on: msg.on, levels: [...msg.levels] };
    case "will":
      return { kind: "will", text: msg.text, to: msg.to === null ? null : [...msg.to] };
    case "ad":
      return { kind: "ad", text: msg.text, pseudonym: msg.pseudonym };
    case "pseudonym":
      return { kind: "pseudonym", pseudonym: msg.pseudonym, to: msg.to };
    case "message":
      return { kind: "message", text: msg.text };
  }
}

/**
 * The undo reply names no seat for an ad or a pseudonym handed over (FORUM-NEWS-06), and
 * not the handover's recipient either: he is the pseudonym's new holder.
 */
export function hideAuthor(input: EngineInput): EngineInput | Record<string, unknown> {
  if (input.type !== "seat" || !authorIsSecret(input.action.kind)) return input;
  const { seat: _seat, ...rest } = input;
  const action = input.action.kind === "pseudonym" ? { ...input.action, to: null } : input.action;
  return { ...rest, action, seat: null };
}
