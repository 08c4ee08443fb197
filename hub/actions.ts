/**
 * A decoded paddle message → the engine's seat action: the transport envelope (boot, seq)
 * stays in the hub, where deduplication and the journal's `src` use it.
 */
import type { SeatInputMessage } from "../protocol/index.js";
import type { SeatAction } from "./engine/index.js";

export function toAction(msg: SeatInputMessage): SeatAction {
  switch (msg.kind) {
    case "hello":
      return { kind: "hello", fw: msg.fw, caps: [...msg.caps] };
    case "thumb":
      return { kind: "thumb", down: msg.down };
    case "blindfold":
      return { kind: "blindfold", on: msg.on };
    case "act":
      return msg.option === undefined
        ? { kind: "act", action: msg.action, targets: [...msg.targets] }
        : { kind: "act", action: msg.action, targets: [...msg.targets], option: msg.option };
    case "pass":
      return { kind: "pass" };
  }
}
