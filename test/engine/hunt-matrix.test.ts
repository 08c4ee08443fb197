/**
 * The interaction matrix of RULES.md §3 (HUNT ORDER): its 21 rows as one table-driven test,
 * one row a case, each naming its rule IDs. The deal is test/helpers/hunt.ts's: Boss 1,
 * mafiosi 2 and 3, Doctor 4, Maniac 5, civilians 6..12; each case plays Night 1.
 */
import { describe, expect, it } from "vitest";
import { BOSS, DOCTOR, type HuntTable, huntTable, MANIAC } from "../helpers/hunt.js";

interface Row {
  title: string;
  play(): void;
}

const killed = (seat: number, role: string) => ({ key: "morning.killed", seats: [seat], role });
const hunted = (seat: number, role: string) => ({
  key: "morning.hunt.success",
  seats: [seat],
  role,
});
const failed = (seat: number) => ({ key: "morning.hunt.failed", seats: [seat], role: "civilian" });
const peaceful = { key: "morning.peaceful", seats: [] };

function night(setup: (d: HuntTable) => void, options: Record<string, unknown> = {}): HuntTable {
  const d = huntTable(options);
  setup(d);
  return d.resolve();
}

const MATRIX: Row[] = [
  {
    title:
      "1 HUNT-BOSS-05, HUNT-OPEN-03: the Boss blocks the drawn hunter: no hunt, and the wrong guesser survives",
    play() {
      const d = night((d) => d.actOk(BOSS, "block", [6]).hunt(6, 7, "mafia"));
      expect(d.dead()).toEqual([]);
      expect(d.morning()).toEqual([peaceful]);
      expect(d.state.flow.record).toMatchObject({ drawn: { hunter: 6, target: 7 } });
    },
  },
  {
    title: "2 HUNT-BOSS-05: the Boss blocks the Doctor: no heal that night",
    play() {
      const d = night((d) =>
        d.actOk(BOSS, "block", [DOCTOR]).actOk(DOCTOR, "heal", [8]).actOk(2, "shoot", [8]),
      );
      expect(d.morning()).toEqual([killed(8, "civilian")]);
    },
  },
  {
    title: "3 HUNT-BOSS-05: the Boss blocks the Maniac: no Maniac shot",
    play() {
      const d = night((d) => d.actOk(BOSS, "block", [MANIAC]).actOk(MANIAC, "kill", [9]));
      expect(d.dead()).toEqual([]);
    },
  },
  {
    title:
      "4 HUNT-OPEN-04: a block on a player with no night move (a plain civilian, a mafioso) has no effect",
    play() {
      const civ = night((d) => d.actOk(BOSS, "block", [10]).actOk(2, "shoot", [8]));
      expect(civ.morning()).toEqual([killed(8, "civilian")]);
      const own = night((d) => d.actOk(BOSS, "block", [2]).actOk(2, "shoot", [8]));
      expect(own.morning()).toEqual([killed(8, "civilian")]); // the mafia's shot is never blocked
    },
  },
  {
    title:
      "5 HUNT-BOSS-04, HUNT-OPEN-09: the Boss may not block the same player two nights running",
    play() {
      const d = night((d) => d.actOk(BOSS, "block", [6])).toNight();
      expect(d.view(BOSS).prompt?.targets).not.toContain(6);
      expect(d.act(BOSS, "block", [6])?.code).toBe("bad_target");
      d.actOk(BOSS, "block", [7]);
    },
  },
  {
    title:
      "6 HUNT-BOSS-07, HUNT-BOSS-08: a dead Boss's block passes to nobody; a Boss left alone keeps it",
    play() {
      const d = night((d) => d.hunt(6, BOSS, "mafia")).toNight();
      expect(d.dead()).toEqual([BOSS]);
      for (const s of [2, 3]) expect(d.view(s).prompt?.action).toBe("shoot");
      expect(d.act(2, "block", [6])?.code).toBe("bad_action");
      const alone = huntTable();
      alone.host({ cmd: "remove", seat: 2 });
      alone.host({ cmd: "remove", seat: 3 });
      expect(alone.view(BOSS).prompt?.action).toBe("block");
      alone.actOk(BOSS, "block", [MANIAC]).actOk(BOSS, "shoot", [8]).actOk(MANIAC, "kill", [9]);
      alone.resolve();
      expect(alone.morning()).toEqual([killed(8, "civilian")]); // he is also the executor (HUNT-OPEN-04)
    },
  },
  {
    title: "7 HUNT-ORDER-02: the hunter kills the Boss, whose block still applies that night",
    play() {
      const d = night((d) =>
        d.actOk(BOSS, "block", [MANIAC]).actOk(MANIAC, "kill", [9]).hunt(6, BOSS, "mafia"),
      );
      expect(d.morning()).toEqual([hunted(BOSS, "mafia")]);
    },
  },
  {
    title:
      "8 HUNT-HUNT-05, HUNT-DOC-05: a heal on the hunter or on his target changes nothing in the hunt",
    play() {
      const hunter = night((d) => d.hunt(6, 7, "mafia").actOk(DOCTOR, "heal", [6]));
      expect(hunter.morning()).toEqual([failed(6)]);
      const target = night((d) => d.hunt(6, 2, "mafia").actOk(DOCTOR, "heal", [2]));
      expect(target.morning()).toEqual([hunted(2, "mafia")]);
    },
  },
  {
    title: "9 HUNT-OPEN-06: a heal saves a successful hunter from the mafia's shot",
    play() {
      const d = night((d) =>
        d.hunt(6, 2, "mafia").actOk(3, "shoot", [6]).actOk(DOCTOR, "heal", [6]),
      );
      expect(d.morning()).toEqual([hunted(2, "mafia")]);
      const strict = night(
        (d) => d.hunt(6, 2, "mafia").actOk(3, "shoot", [6]).actOk(DOCTOR, "heal", [6]),
        { healHunter: false },
      );
      expect(strict.dead()).toEqual([2, 6]);
    },
  },
  {
    title: "10 HUNT-DOC-07, HUNT-OPEN-08: the Doctor who applies to hunt heals nobody that night",
    play() {
      const d = night((d) =>
        d.actOk(DOCTOR, "heal", [8]).hunt(DOCTOR, 2, "mafia").actOk(3, "shoot", [8]),
      );
      expect(d.morning()).toEqual([hunted(2, "mafia"), killed(8, "civilian")]);
    },
  },
  {
    title:
      "11 HUNT-DOC-04, HUNT-DOC-06: a heal stops the Maniac's shot, the mafia's, and both at once",
    play() {
      for (const shots of [["kill"], ["shoot"], ["kill", "shoot"]]) {
        const d = night((d) => {
          d.actOk(DOCTOR, "heal", [8]);
          if (shots.includes("kill")) d.actOk(MANIAC, "kill", [8]);
          if (shots.includes("shoot")) d.actOk(2, "shoot", [8]);
        });
        expect(d.dead(), shots.join("+")).toEqual([]);
      }
    },
  },
  {
    title: "12 HUNT-DOC-08, HUNT-OPEN-07: a heal on the Maniac is accepted and has no effect",
    play() {
      const d = night((d) => d.actOk(DOCTOR, "heal", [MANIAC]).actOk(2, "shoot", [MANIAC]));
      expect(d.morning()).toEqual([killed(MANIAC, "civilian")]);
    },
  },
  {
    title: "13 HUNT-HUNT-10: the hunter kills the mafia's executor: the mafia's shot kills nobody",
    play() {
      const d = night((d) => d.actOk(3, "shoot", [9]).actOk(2, "shoot", [9]).hunt(6, 2, "mafia"));
      expect(d.morning()).toEqual([hunted(2, "mafia")]);
    },
  },
  {
    title:
      "14 HUNT-HUNT-16: the hunter kills a mafioso who is not the executor: the shot still happens",
    play() {
      const d = night((d) => d.actOk(2, "shoot", [9]).hunt(6, 3, "mafia"));
      expect(d.morning()).toEqual([hunted(3, "mafia"), killed(9, "civilian")]);
    },
  },
  {
    title:
      "15 HUNT-HUNT-11, HUNT-REVEAL-07: the hunter kills the Maniac: no Maniac shot, his role told in full",
    play() {
      const d = night((d) => d.actOk(MANIAC, "kill", [9]).hunt(6, MANIAC, "maniac"));
      expect(d.morning()).toEqual([hunted(MANIAC, "maniac")]);
      expect(d.pub.seats[MANIAC - 1]?.role).toBe("maniac");
    },
  },
  {
    title:
      "16 HUNT-HUNT-09, HUNT-REVEAL-01: a hunt on a civilian, or with the wrong status, kills the hunter; the target is not told",
    play() {
      const civ = night((d) => d.hunt(6, 7, "mafia"));
      expect(civ.morning()).toEqual([failed(6)]);
      const wrong = night((d) => d.hunt(6, MANIAC, "mafia"));
      expect(wrong.morning()).toEqual([failed(6)]);
      const boss = night((d) => d.hunt(6, BOSS, "maniac"));
      expect(boss.morning()).toEqual([failed(6)]);
      expect(JSON.stringify(wrong.logs())).not.toContain(`"seats":[6,${MANIAC}]`);
    },
  },
  {
    title:
      "17 HUNT-OPEN-05: the Maniac shoots the mafia's executor: the mafia's shot still happens",
    play() {
      const d = night((d) => d.actOk(2, "shoot", [9]).actOk(MANIAC, "kill", [2]));
      expect(d.morning()).toEqual([killed(2, "mafia"), killed(9, "civilian")]);
      const b = night((d) => d.actOk(2, "shoot", [9]).actOk(MANIAC, "kill", [2]), {
        maniacStopsExecutor: true,
      });
      expect(b.dead()).toEqual([2]);
    },
  },
  {
    title: "18 HUNT-ORDER-03: a shot at a player who died in the hunt causes no further death",
    play() {
      const d = night((d) =>
        d
          .hunt(6, 7, "mafia")
          .actOk(2, "shoot", [6])
          .actOk(MANIAC, "kill", [6])
          .actOk(DOCTOR, "heal", [6]),
      );
      expect(d.morning()).toEqual([failed(6)]);
    },
  },
  {
    title:
      "19 HUNT-REVEAL-06: the Maniac killed by the day vote or by the mafia's shot is announced as a civilian",
    play() {
      const shot = night((d) => d.actOk(2, "shoot", [MANIAC]));
      expect(shot.morning()).toEqual([killed(MANIAC, "civilian")]);
      expect(shot.pub.seats[MANIAC - 1]?.role).toBe("civilian");
      const voted = huntTable({ firstPhase: "day" });
      voted.next(); // discussion → vote
      for (const s of [1, 2, 3, 4, 6, 7, 8]) voted.actOk(s, "vote", [MANIAC]);
      voted.next().actOk(2, "shoot", [9]).resolve();
      expect(voted.morning()).toEqual([
        killed(9, "civilian"),
        { key: "day.revealed", seats: [MANIAC], role: "civilian" },
      ]);
    },
  },
  {
    title:
      "20 HUNT-HUNT-03, HUNT-HUNT-04: of several applications one is drawn by lot; the winner is never told",
    play() {
      const drawn = new Set<number>();
      for (let i = 0; i < 12; i++) {
        const seed = (i + 1).toString(16).padStart(32, "0");
        const d = huntTable({}, seed).hunt(6, 1, "mafia").hunt(7, 2, "mafia").hunt(8, 3, "mafia");
        d.resolve();
        const record = d.state.flow.record as { drawn: { hunter: number; target: number } };
        drawn.add(record.drawn.hunter);
        expect(d.morning()).toEqual([hunted(record.drawn.target, "mafia")]);
        const told = JSON.stringify([d.logs(), d.pub]);
        for (const hunter of [6, 7, 8])
          expect(told).not.toMatch(new RegExp(`"seats":\\[${hunter}\\]`));
      }
      expect(drawn.size).toBeGreaterThan(1); // the lot, not the seat order, decides
    },
  },
  {
    title:
      "21 HUNT-HUNT-13, HUNT-HUNT-14, HUNT-OPEN-10: at 2 civilians against 1 opponent, and for a lone civilian, the hunt right is lost",
    play() {
      const d = huntTable();
      for (const s of [2, 3, MANIAC, 8, 9, 10, 11, 12]) d.host({ cmd: "remove", seat: s });
      expect(d.view(6).prompt?.action).toBe("hunt"); // 3 civilians (Doctor included) : 1
      d.host({ cmd: "remove", seat: 7 });
      expect(d.state.phase).toBe("night"); // 2 : 1 plays on
      expect(d.realPrompt(6)).toBeNull();
      expect(d.view(DOCTOR).prompt?.action).toBe("heal");
      expect(d.hunt.bind(d, 6, BOSS, "mafia")).toThrow(/not_your_turn/);
      const lone = huntTable();
      for (const s of [2, 3, DOCTOR, 7, 8, 9, 10, 11, 12]) lone.host({ cmd: "remove", seat: s });
      expect(lone.state.phase).toBe("night"); // Boss, Maniac and one civilian
      expect(lone.realPrompt(6)).toBeNull();
    },
  },
];

describe("hunt interaction matrix (RULES.md §3 ORDER)", () => {
  it("has its 21 rows", () => expect(MATRIX).toHaveLength(21));
  it.each(MATRIX.map((r) => [r.title, r] as const))("%s", (_title, row) => row.play());
});
