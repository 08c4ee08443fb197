/** The paddle firmware's state machine against a fake Hal, clock and MQTT module. */
import { describe, expect, it } from "vitest";
import { DEFAULT_TIMINGS } from "../../firmware-sim/firmware/config.js";
import { HAPTIC_PATTERNS } from "../../firmware-sim/firmware/haptics.js";
import { OPEN_WAIT_FACTOR, VIEW_WAIT_FACTOR } from "../../firmware-sim/firmware/link.js";
import { publicGlanceTopic, seatSignalTopic, seatViewTopic } from "../../protocol/topics.js";
import { fakePaddle, seatView } from "./fakes.js";

const SEAT = 4;
const VIEW = seatViewTopic("t1", SEAT);
const LOGIN = DEFAULT_TIMINGS.loginTimeoutMs;
/** After `connected`, the wait for the first view (link.ts VIEW_WAIT_FACTOR). */
const VIEW_WAIT = VIEW_WAIT_FACTOR * LOGIN;

const setup = (seed = 1) => fakePaddle(SEAT, seed);

describe("connecting", () => {
  it("connects with the seat's credentials and subscribes to its view, signal and the public state", () => {
    const { mqtt } = setup();
    expect(mqtt.options.username).toBe("seat/t1/4");
    expect(mqtt.options.password).toBe("pw");
    expect(mqtt.connects).toBe(1);
    mqtt.connected();
    expect(mqtt.subscriptions).toEqual([
      VIEW,
      seatSignalTopic("t1", SEAT),
      publicGlanceTopic("t1"),
    ]);
  });

  it("is up only once its retained view arrives, then says hello and its sensor levels", () => {
    const { mqtt, paddle, hal, login } = setup();
    mqtt.connected();
    expect(paddle.linkState).toBe("login");
    expect(mqtt.inputs()).toEqual([]);
    login();
    expect(paddle.linkState).toBe("up");
    expect(hal.ledColor).toBe("green");
    const [thumb, blindfold, hello] = mqtt.inputs();
    expect(hello).toMatchObject({ kind: "hello", seq: 3, fw: "1.0.0" });
    expect(hello?.caps).toEqual(["thumb", "blindfold", "haptic", "led", "keys", "display"]);
    expect(hello?.boot).toMatch(/^[0-9a-f]{8}$/);
    expect(thumb).toMatchObject({ kind: "thumb", seq: 1, down: false });
    expect(blindfold).toMatchObject({ kind: "blindfold", seq: 2, on: false });
    expect(mqtt.published.every((p) => p.qos === 1)).toBe(true);
  });

  it("treats `connected` without a view as a refused login: fault, back off, retry, doubling", () => {
    const { mqtt, paddle, hal, clock } = setup();
    mqtt.connected(); // what Espruino's module says even for CONNACK 5
    clock.advance(VIEW_WAIT - 10);
    expect(paddle.linkState).toBe("login"); // a late view on an open connection: still waiting
    clock.advance(10);
    expect(paddle.linkState).toBe("backoff");
    expect(paddle.linkFaults).toBe(1);
    expect(hal.ledColor).toBe("red");
    expect(hal.felt).toContain("fault");
    expect(hal.screen[3]).toContain("login refused?");
    const retryAt: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = clock.t;
      while (mqtt.connects === attempt + 1) clock.advance(10);
      retryAt.push(clock.t - before);
      mqtt.connected();
      clock.advance(LOGIN);
    }
    // Jitter is 50-100% of a doubling base: each wait is longer than half of twice the last.
    for (let i = 1; i < retryAt.length; i++)
      expect(retryAt[i] as number).toBeGreaterThan((retryAt[i - 1] as number) / 2 + 1);
    expect(retryAt[3] as number).toBeGreaterThanOrEqual(DEFAULT_TIMINGS.backoffMinMs * 4);
    // The fault buzz comes once, not at every retry.
    expect(hal.felt.filter((f) => f === "fault")).toHaveLength(1);
  });

  it("also counts `connected` then `disconnected` before any view as refused", () => {
    const { mqtt, paddle } = setup();
    mqtt.connected();
    mqtt.emit("disconnected");
    expect(paddle.linkState).toBe("backoff");
    expect(paddle.linkFaults).toBe(1);
  });

  it("gives up on a broker that never answers and retries", () => {
    const { mqtt, paddle, clock } = setup();
    clock.advance(LOGIN);
    expect(paddle.linkState).toBe("backoff");
    clock.advance(DEFAULT_TIMINGS.backoffMinMs);
    expect(mqtt.connects).toBe(2);
  });

  it("waits longer for the CONNACK once the socket is open: a hub's full accept queue is not a dead hub (issue 29)", () => {
    const { mqtt, paddle, clock } = setup();
    clock.advance(1_000);
    mqtt.emit("open"); // the kernel took the connection; the busy hub has not read it yet
    clock.advance(OPEN_WAIT_FACTOR * LOGIN - 10);
    expect(paddle.linkState).toBe("connecting");
    expect(mqtt.connects).toBe(1);
    clock.advance(10);
    expect(paddle.linkState).toBe("backoff"); // a hub that hangs with its port open, in the end
    // The next attempt's socket never opens (the hub is gone): the base wait again, doubled.
    while (mqtt.connects === 1) clock.advance(10);
    const start = clock.t;
    while (paddle.linkState === "connecting") clock.advance(10);
    expect(clock.t - start).toBe(2 * LOGIN);
  });

  it("reconnects after a lost link without counting a fault, and resets the backoff once up", () => {
    const { mqtt, paddle, clock, login } = setup();
    login();
    mqtt.emit("disconnected");
    expect(paddle.linkState).toBe("backoff");
    expect(paddle.linkFaults).toBe(0);
    clock.advance(DEFAULT_TIMINGS.backoffMinMs);
    expect(mqtt.connects).toBe(2);
    login(10); // the same retained view, same rev: still proof of login
    expect(paddle.linkState).toBe("up");
  });

  it("buzzes the fault when the hub goes away after the link was up and the retry fails", () => {
    const { mqtt, paddle, clock, hal, login } = setup();
    login();
    mqtt.emit("disconnected"); // the hub went away: attempt 1, no fault yet
    expect(hal.felt).not.toContain("fault");
    clock.advance(DEFAULT_TIMINGS.backoffMinMs); // retry: the broker does not answer
    clock.advance(2 * LOGIN); // the second attempt in a row waits twice as long
    expect(paddle.linkFaults).toBe(1);
    expect(hal.ledColor).toBe("red");
    expect(hal.felt.filter((f) => f === "fault")).toHaveLength(1);
    // Later retries stay quiet, and a link that comes up and goes again buzzes again.
    clock.advance(DEFAULT_TIMINGS.backoffMaxMs + 4 * LOGIN);
    expect(hal.felt.filter((f) => f === "fault")).toHaveLength(1);
    clock.advance(DEFAULT_TIMINGS.backoffMaxMs);
    login(11);
    expect(paddle.linkState).toBe("up");
    mqtt.emit("disconnected");
    clock.advance(DEFAULT_TIMINGS.backoffMinMs + 2 * LOGIN);
    expect(hal.felt.filter((f) => f === "fault")).toHaveLength(2);
  });

  it("waits twice as long for a login after each failed attempt, at most eight times (a venue reconnecting at once)", () => {
    const { mqtt, paddle, clock } = setup();
    const waited: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      while (mqtt.connects === attempt) clock.advance(10); // the backoff before the retry
      mqtt.connected();
      const start = clock.t;
      while (paddle.linkState === "login") clock.advance(10);
      waited.push(clock.t - start);
    }
    expect(waited).toEqual([VIEW_WAIT, 2 * VIEW_WAIT, 4 * VIEW_WAIT, 8 * VIEW_WAIT, 8 * VIEW_WAIT]);
  });

  it("waits longer for a PUBACK after one did not come, and back again once PUBACKs come in time", () => {
    const { mqtt, paddle, hal, clock, login } = setup();
    const ACK = DEFAULT_TIMINGS.ackTimeoutMs;
    login();
    mqtt.puback(3);
    hal.setThumb(true);
    clock.advance(50);
    clock.advance(ACK); // no PUBACK: reconnect, and the next wait is twice as long
    expect(paddle.linkState).toBe("backoff");
    clock.advance(DEFAULT_TIMINGS.backoffMinMs);
    login(11);
    clock.advance(ACK + 100); // the resent input: past the base time, not past twice it
    expect(paddle.linkState).toBe("up");
    mqtt.puback(10); // everything resent at the login, late: the wait stays doubled
    hal.setThumb(false);
    clock.advance(50);
    mqtt.puback(1); // in time: the watchdog shrinks back to its base
    hal.setThumb(true);
    clock.advance(50);
    clock.advance(ACK);
    expect(paddle.linkState).toBe("backoff");
  });
});

describe("the outbox", () => {
  it("resends unacknowledged inputs after a reconnect with the same boot and seq, acknowledged ones never", () => {
    const { mqtt, hal, clock, login } = setup();
    login();
    mqtt.puback(3); // hello and the two levels
    hal.setThumb(true);
    clock.advance(50);
    hal.setThumb(false);
    clock.advance(50);
    const [down, up] = mqtt.inputs().slice(3);
    expect(down).toMatchObject({ kind: "thumb", down: true, seq: 4 });
    expect(up).toMatchObject({ kind: "thumb", down: false, seq: 5 });
    mqtt.puback(1); // only the down reached the hub
    mqtt.emit("disconnected");
    mqtt.published = [];
    clock.advance(DEFAULT_TIMINGS.backoffMinMs);
    login();
    const again = mqtt.inputs();
    expect(again[0]).toEqual(up); // same payload, same boot/seq
    expect(again[1]).toMatchObject({ kind: "hello", seq: 6, boot: up?.boot });
    expect(again).toHaveLength(2);
  });

  it("queues inputs made while offline and sends them, in order, once up", () => {
    const { mqtt, hal, clock, login } = setup();
    hal.setBlindfold(true);
    clock.advance(50);
    hal.setThumb(true);
    clock.advance(50);
    expect(mqtt.inputs()).toEqual([]);
    login();
    expect(mqtt.inputs()).toHaveLength(4); // the window
    mqtt.puback(1);
    const sent = mqtt.inputs();
    expect(sent.map((i) => i.kind)).toEqual(["thumb", "blindfold", "blindfold", "thumb", "hello"]);
    expect(sent.map((i) => i.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(sent[2]).toMatchObject({ on: true });
  });

  it("keeps at most four in flight and sends the next on each PUBACK", () => {
    const { mqtt, hal, clock, login } = setup();
    login();
    for (let i = 0; i < 4; i++) {
      hal.setThumb(i % 2 === 0);
      clock.advance(50);
    }
    expect(mqtt.inputs()).toHaveLength(4);
    mqtt.puback(2);
    expect(mqtt.inputs()).toHaveLength(6);
    mqtt.puback(4);
    expect(mqtt.inputs()).toHaveLength(7);
  });

  it("reconnects when a PUBACK does not come, and resends", () => {
    const { mqtt, paddle, hal, clock, login } = setup();
    login();
    mqtt.puback(3);
    hal.setThumb(true);
    clock.advance(50);
    const sent = mqtt.inputs().at(-1);
    clock.advance(DEFAULT_TIMINGS.ackTimeoutMs);
    expect(paddle.linkState).toBe("backoff");
    expect(mqtt.disconnects).toBe(1);
    clock.advance(DEFAULT_TIMINGS.backoffMinMs);
    mqtt.published = [];
    login();
    expect(mqtt.inputs()[0]).toEqual(sent);
  });
});

describe("sensors", () => {
  it("debounces: chatter makes one edge, a bounce back makes none", () => {
    const { mqtt, hal, clock, login } = setup();
    login();
    mqtt.puback(3);
    mqtt.published = [];
    for (const level of [true, false, true, false, true]) {
      hal.setThumb(level);
      clock.advance(5);
    }
    clock.advance(DEFAULT_TIMINGS.debounceMs);
    hal.setBlindfold(true);
    clock.advance(10);
    hal.setBlindfold(false);
    clock.advance(DEFAULT_TIMINGS.debounceMs);
    expect(mqtt.inputs()).toEqual([expect.objectContaining({ kind: "thumb", down: true })]);
  });
});

describe("prompts, keys and haptics", () => {
  const prompt = {
    action: "check",
    targets: [1, 2, 3, 5],
    min: 1,
    max: 1,
    options: [],
    until: null,
  };

  it("picks with the cursor, arms on ok, sends on the second ok", () => {
    const { mqtt, hal, login } = setup();
    login(10, { prompt });
    expect(hal.felt).toContain("pulse"); // a new question
    hal.press("next", "next");
    expect(hal.screen[2]).toContain(">3<");
    hal.press("ok");
    expect(hal.felt.at(-1)).toBe("armed");
    expect(mqtt.inputs().some((i) => i.kind === "act")).toBe(false);
    hal.press("ok");
    expect(mqtt.inputs().at(-1)).toMatchObject({ kind: "act", action: "check", targets: [3] });
  });

  it("disarms when the cursor moves, and buzzes `home` on the first item", () => {
    const { mqtt, hal, login } = setup();
    login(10, { prompt });
    hal.press("ok", "next", "ok");
    expect(mqtt.inputs().some((i) => i.kind === "act")).toBe(false);
    hal.press("prev");
    expect(hal.felt.at(-1)).toBe("home");
    hal.press("prev");
    expect(hal.felt.at(-1)).toBe("tick");
    expect(hal.screen[2]).toContain(">5<");
  });

  it("offers `pass` whenever the view says what it means (thank you, ready, abstain), also without a prompt", () => {
    for (const meaning of ["thanks", "ready", "abstain"]) {
      const { mqtt, hal, login } = setup();
      login();
      mqtt.deliver(seatViewTopic("t1", SEAT), seatView(SEAT, 11, { prompt: null, pass: meaning }));
      hal.press("ok", "ok");
      expect(mqtt.inputs().at(-1)).toMatchObject({ kind: "pass" });
    }
  });

  it("offers no `pass` when the view says it means nothing now", () => {
    const { mqtt, hal, login } = setup();
    login();
    mqtt.deliver(publicGlanceTopic("t1"), {
      phase: "day",
      step: "speech",
      round: 1,
      speaker: SEAT,
      counting: null,
      winner: null,
    });
    const before = mqtt.inputs().length;
    hal.press("ok", "ok");
    expect(
      mqtt
        .inputs()
        .slice(before)
        .map((i) => i.kind),
    ).not.toContain("pass");
  });

  it("plays the hub's signals as patterns a blindfolded player can count", () => {
    const { mqtt, hal, clock, login } = setup();
    login();
    hal.motorLog = [];
    mqtt.deliver(seatSignalTopic("t1", SEAT), { haptic: "double" });
    clock.advance(1000);
    const log = hal.motorLog.slice(hal.motorLog.findIndex(([, on]) => on));
    const spans = log.slice(1).map(([t], i) => t - (log[i] as [number, boolean])[0]);
    expect(spans).toEqual(HAPTIC_PATTERNS.double);
    mqtt.deliver(seatSignalTopic("t1", SEAT), { error: "not_your_turn", haptic: "long" });
    expect(hal.felt.at(-1)).toBe("long");
    expect(hal.screen[3]).toBe("ERR not_your_turn");
  });

  it("ignores a re-delivered older view and shows private results", () => {
    const { mqtt, paddle, hal, login } = setup();
    login(10, { role: "sheriff" });
    mqtt.deliver(
      VIEW,
      seatView(SEAT, 12, {
        role: "sheriff",
        results: [{ night: 1, key: "check.mafia", seats: [7] }],
      }),
    );
    mqtt.deliver(VIEW, seatView(SEAT, 11, { role: "civilian" }));
    expect(paddle.view?.rev).toBe(12);
    expect(hal.screen[0]).toContain("sheriff");
    expect(hal.screen[3]).toBe("N1 check.mafia 7");
  });

  it("clears the last game's result from the status line at a new game", () => {
    const { mqtt, hal, login } = setup();
    login(10, { role: "sheriff" });
    const result = { night: 1, key: "check.mafia", seats: [7] };
    mqtt.deliver(VIEW, seatView(SEAT, 12, { role: "sheriff", results: [result] }));
    expect(hal.screen[3]).toBe("N1 check.mafia 7");
    // The host ends the game and sets up the next: no role, no results.
    mqtt.deliver(VIEW, seatView(SEAT, 13, { role: null, results: [] }));
    expect(hal.screen[3]).toBe("new game");
    expect(hal.screen.join("\n")).not.toContain("check.mafia");
  });
});

describe("no module-level state", () => {
  it("runs paddles side by side with their own boot ids and outboxes", () => {
    const a = setup(1);
    const b = setup(99);
    a.login();
    a.hal.setThumb(true);
    a.clock.advance(50);
    b.login();
    expect(a.paddle.outbox.boot).not.toBe(b.paddle.outbox.boot);
    expect(a.mqtt.inputs()).toHaveLength(4);
    expect(b.mqtt.inputs()).toHaveLength(3);
  });
});
