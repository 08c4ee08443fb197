/**
 * The hub serves a game's record to the host only (HTTP Basic with the host identity): the
 * display's and a seat's passwords, a wrong password and none are refused before anything
 * is read; the host gets the sheet, the JSON, the mafiaratings export and the PDF.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { displayUsername, hostUsername, seatUsername } from "../../protocol/index.js";
import { useTestHub } from "../helpers/hub.js";
import { scriptedSportGame } from "./scripted-game.js";

const t = useTestHub({ tables: ["t1"], seats: 10 });

function auth(user: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` };
}

async function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${t.hub.httpPort}${path}`, { headers });
}

const asHost = () => auth(hostUsername("t1"), t.hub.secrets.password(hostUsername("t1")) as string);

async function withGame(): Promise<void> {
  const g = scriptedSportGame();
  const lines = [g.header, ...g.records].map((x) => JSON.stringify(x)).join("\n");
  await writeFile(join(t.dir, "t1", "game-0999.jsonl"), `${lines}\n`);
}

describe("GET /record/{table}/{game}", () => {
  it("refuses no password, a wrong one, and the display's and a seat's identities", async () => {
    await withGame();
    const path = "/record/t1/game-0999?format=json";
    const none = await get(path);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Basic /);
    expect((await get(path, auth(hostUsername("t1"), "wrong"))).status).toBe(401);
    const display = displayUsername("t1");
    expect((await get(path, auth(display, t.hub.secrets.password(display) as string))).status).toBe(
      401,
    );
    const seat = seatUsername("t1", 3);
    expect((await get(path, auth(seat, t.hub.secrets.password(seat) as string))).status).toBe(401);
    // The display's password under the host's name is still wrong.
    const displayPw = t.hub.secrets.password(display) as string;
    expect((await get(path, auth(hostUsername("t1"), displayPw))).status).toBe(401);
    // The pairing API's form, a bearer password, works for the host's password only.
    const bearer = (pw: string) => ({ authorization: `Bearer ${pw}` });
    expect((await get(path, bearer(t.hub.secrets.password(seat) as string))).status).toBe(401);
    expect((await get(path, bearer(displayPw))).status).toBe(401);
    const host = t.hub.secrets.password(hostUsername("t1")) as string;
    expect((await get(path, bearer(host))).status).toBe(200);
    // Unknown tables are refused the same way, so that nothing is learnt without the password.
    expect((await get("/record/nope/latest")).status).toBe(401);
    const body = await none.text();
    expect(body).not.toContain("mafia");
  });

  it("serves the host the JSON, the sheet, the export and the PDF", async () => {
    await withGame();
    const json = await get("/record/t1/latest?format=json&scoring=1", asHost());
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json");
    const record = (await json.json()) as { winner: string; points?: unknown[] };
    expect(record.winner).toBe("mafia");
    expect(record.points).toHaveLength(10);
    const html = await get("/record/t1/game-0999?lang=de", asHost());
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await html.text()).toContain("Spielprotokoll");
    const mr = await get("/record/t1/game-0999?format=mafiaratings", asHost());
    expect(((await mr.json()) as { version: string }).version).toBe("1.3");
    const svg = await get("/record/t1/game-0999?format=svg&vote=1", asHost());
    expect(await svg.text()).toContain("<svg");
    const pdf = await get("/record/t1/game-0999?format=pdf", asHost());
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  }, 60_000);

  it("says what is wrong with a bad request", async () => {
    expect((await get("/record/t1/game-0999?format=doc", asHost())).status).toBe(400);
    expect((await get("/record/t1/game-0999?lang=fr", asHost())).status).toBe(400);
    expect((await get("/record/t1/game-4242", asHost())).status).toBe(404);
    expect((await get("/record/t1/game-0999?format=svg&vote=7", asHost())).status).toBe(422);
  });
});
