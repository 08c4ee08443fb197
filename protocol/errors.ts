/**
 * Error codes carried by `seat/{n}/signal` ({ "error": code }) and `host/reply`
 * ({ "ok": false, "error": code, "message": ... }). Codes are stable wire names; the
 * messages are the English default that the hub sends alongside.
 */
export const ERROR_MESSAGES = {
  // decoding
  too_large: "the payload is larger than the protocol allows",
  too_deep: "the payload nests objects and arrays deeper than the protocol allows",
  bad_utf8: "the payload is not valid UTF-8",
  bad_json: "the payload is not a JSON object",
  bad_topic: "the topic is not part of the protocol",
  bad_payload: "the message does not match its schema",
  unknown_kind: "unknown input kind",
  unknown_command: "unknown host command",
  // identity and transport
  not_authorized: "this identity may not do that",
  duplicate: "this input was already applied",
  stale_boot: "an input of an earlier boot or sequence number",
  rate_limited: "too many messages; slow down",
  // game state
  no_game: "no game is set up",
  game_not_started: "the game has not started",
  game_started: "the game has already started",
  game_over: "the game is over",
  paused: "the game is paused",
  not_paused: "the game is not paused",
  not_in_game: "this seat is not in the game",
  bad_seat: "no such seat",
  not_your_turn: "this seat has nothing to do now",
  no_prompt: "nothing is being asked of this seat",
  bad_action: "this action is not the one being asked",
  bad_target: "a target that is not offered",
  bad_target_count: "the number of targets is not allowed",
  bad_option: "an option that is not offered",
  already_nominated: "that player is already nominated",
  already_acted: "this seat has already answered",
  wrong_step: "not possible in the current step",
  stale_timer: "the timer no longer applies",
  bad_setup: "the setup is not valid",
  bad_option_value: "an option is unknown or has a wrong value",
  bad_ruleset: "unknown ruleset",
  bad_cause: "unknown foul cause",
  // text from phones (protocol/text.ts)
  no_text: "this ruleset takes no text from phones",
  ad_limit: "this player has placed all the ads allowed",
  pseudonym_taken: "another player uses this pseudonym",
  not_owner: "this seat does not hold that pseudonym",
  not_office: "only the holder of the mafia boss's office sends the death message",
  nothing_to_undo: "there is nothing left to take back",
  bad_undo: "the undo does not name a seat input or host command still in effect",
  internal: "internal error",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code);
}
