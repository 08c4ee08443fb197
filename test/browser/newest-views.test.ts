/**
 * The screens keep the newest view per topic (web-display/src/newest-views.ts): a retained
 * copy that arrives after a newer live view on subscribe is dropped, as the paddle firmware
 * drops it, and a reconnect starts afresh.
 */
import { describe, expect, it } from "vitest";
import { NewestViews } from "../../web-display/src/newest-views.js";

const HOST = "mafia/v1/t1/host/view";
const STATE = "mafia/v1/t1/public/state";

describe("the newest view per topic", () => {
  it("drops a view whose rev is not above the last taken on its topic", () => {
    const views = new NewestViews();
    expect(views.take(HOST, { rev: 20 })).toBe(true);
    expect(views.take(HOST, { rev: 10 })).toBe(false);
    expect(views.take(HOST, { rev: 20 })).toBe(false);
    expect(views.take(HOST, { rev: 21 })).toBe(true);
    // Topics are counted apart.
    expect(views.take(STATE, { rev: 5 })).toBe(true);
  });

  it("always takes a cleared topic and a payload without rev", () => {
    const views = new NewestViews();
    expect(views.take(HOST, { rev: 20 })).toBe(true);
    expect(views.take(HOST, null)).toBe(true);
    expect(views.take("mafia/v1/t1/public/log", { seq: 3 })).toBe(true);
    expect(views.take("mafia/v1/t1/public/log", { seq: 2 })).toBe(true);
  });

  it("starts afresh after the link is lost", () => {
    const views = new NewestViews();
    expect(views.take(HOST, { rev: 20 })).toBe(true);
    views.forget();
    expect(views.take(HOST, { rev: 10 })).toBe(true);
  });
});
