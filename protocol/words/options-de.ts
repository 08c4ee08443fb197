/** Every ruleset option in German words (protocol/words/options-en.ts gives the keys). */
import type { OptionWords } from "./options-en.js";

const s = "s";
const min = "min";

export const deOptions: OptionWords = {
  lang: {
    label: "Sprache",
    about: "Die Sprache der Bildschirme und des Protokolls.",
    choices: { en: "English", de: "Deutsch", ru: "Русский" },
  },
  speechSeconds: { label: "Rede", about: "Wie lange eine Tagesrede dauert.", unit: s },
  justifySeconds: {
    label: "Rede im Stechen",
    about: "Wie lange sich jeder Gleichstand verteidigt.",
    unit: s,
  },
  lastWordSeconds: {
    label: "Letztes Wort",
    about: "Das letzte Wort eines Hinausgewählten.",
    unit: s,
  },
  lastWordNightSeconds: {
    label: "Letztes Wort nach der Nacht",
    about: "Das letzte Wort des Nachtopfers.",
    unit: s,
  },
  voteWindowSeconds: {
    label: "Abstimmungsfenster",
    about: "Wie lange die Stimmen für einen Nominierten gezählt werden.",
    unit: s,
  },
  nightStepSeconds: {
    label: "Nachtschritt",
    about: "Jeder Nachtschritt dauert so lange, was auch geschieht.",
    unit: s,
  },
  mafiaMeetingSeconds: {
    label: "Treffen der Mafia",
    about: "Das Treffen der Mafia in der Nullnacht.",
    unit: s,
  },
  autoAdvance: {
    label: "Schritte enden mit ihrem Timer",
    about: "Aus: der Countdown läuft, der Spielleiter beendet jeden Schritt.",
  },
  shotQuorum: {
    label: "Wer schießen muss",
    about: "Wie viele Mafiosi denselben Platz treffen müssen.",
    choices: { living: "alle lebenden Mafiosi", three: "drei Schützen" },
  },
  shotTargets: {
    label: "Schussziele",
    about: "Welche Plätze der Schuss der Nacht nennen darf.",
    choices: { living: "nur lebende Plätze", nonBlack: "jeder Platz außer denen der Mafia" },
  },
  secondShot: {
    label: "Ein zweiter Schuss",
    about: "Was der zweite Schuss eines Mafioso in einer Nacht bewirkt.",
    choices: { miss: "verdirbt den Schuss", reject: "wird abgelehnt" },
  },
  shotStillChecks: {
    label: "Erschossener Don oder Sheriff prüft",
    about: "Ein heute Nacht erschossener Don oder Sheriff prüft noch.",
  },
  thirdFoulInSpeech: {
    label: "Drittes Foul in der Rede",
    about: "Was ein drittes Foul in der eigenen Rede kostet.",
    choices: { endAndLoseNext: "beendet sie und die nächste Rede", endOnly: "beendet nur sie" },
  },
  silencedLoses: {
    label: "Ein Stummgeschalteter verliert",
    about: "Welche Reden ein Spieler mit drei Fouls verliert.",
    choices: { speech: "seine nächste Rede", allSpeaking: "jede Rede an diesem Tag" },
  },
  removalLastWord: {
    label: "Letztes Wort beim Ausschluss",
    about: "Ein ausgeschlossener Spieler erhält ein letztes Wort.",
  },
  nominationsPerSpeech: {
    label: "Nominierungen pro Rede",
    about: "Wie viele Spieler eine Rede nominieren darf.",
  },
  selfNomination: { label: "Selbstnominierung", about: "Ein Spieler darf sich selbst nominieren." },
  revoteTie: {
    label: "Gleichstand nach der Neuwahl",
    about: "Wer nach einer gleichen Neuwahl zur Alle-gehen-Abstimmung kommt.",
    choices: { topTied: "die oben Gleichauf", allTied: "alle Gleichauf" },
  },
  leaveVoteThreshold: {
    label: "Alle-gehen-Abstimmung",
    about: "Wann ein Tisch im Gleichstand ganz geht.",
    choices: {
      livingMajority: "mehr als die Hälfte der Lebenden",
      castMajority: "mehr Gehen- als Bleiben-Stimmen",
    },
  },
  revealOnElimination: {
    label: "Rolle beim Ausscheiden zeigen",
    about: "Die Rolle eines Ausgeschiedenen wird sofort gezeigt.",
  },
  blackWins: {
    label: "Mafia gewinnt",
    about: "Wann die Mafia durch ihre Zahl gewinnt.",
    choices: { atLeast: "so viele wie die Stadt oder mehr", exact: "genau so viele wie die Stadt" },
  },
  voice: {
    label: "Wer spricht",
    about: "Pegel (nie Ton) der Plätze mit Mikrofon hören, als Hinweise für den Richter.",
  },
  showRemovalCause: {
    label: "Grund einer Entfernung zeigen",
    about: "Die Bildschirme sagen, warum jemand entfernt wurde; aus: nur die Konsole des Richters.",
  },
  allowAnySeatCount: {
    label: "Jede Spielerzahl",
    about: "Andere Tischgrößen als die der Regeln erlauben (Trainingstische).",
  },
  decoys: {
    label: "Stille Nächte",
    about: "Jeder Platz erhält nachts eine Aufforderung, damit niemand auffällt.",
  },
  venue: { label: "Veranstaltungsort", about: "Name und Farben des Ortes auf den Bildschirmen." },
  mafia: {
    label: "Größe der Mafia",
    about: "Wie viele Mafiosi verteilt werden; leer: der Anteil der Regeln.",
  },
  commissar: { label: "Kommissar", about: "Kommissar Cattani spielt mit." },
  doctor: { label: "Arzt", about: "Der Arzt spielt mit." },
  councillors: {
    label: "Stadträte",
    about: "Wie viele Stadträte verteilt werden; leer: der Rest.",
  },
  nightSeconds: {
    label: "Nacht",
    about: "Wie lange die Nacht dauert; leer: bis alle gewählt haben.",
    unit: s,
  },
  discussionSeconds: {
    label: "Diskussion",
    about: "Wie lange die Diskussion am Tag dauert; leer: ohne Timer.",
    unit: s,
  },
  voteSeconds: {
    label: "Abstimmung",
    about: "Wie lange die Abstimmung dauert; leer: bis alle abgestimmt haben.",
    unit: s,
  },
  leaderless: {
    label: "Mafia ohne Anführer",
    about: "Wer das Opfer wählt, wenn Pate und Consigliere tot sind.",
    choices: {
      soldiersPlurality: "der meistgenannte der Soldaten",
      none: "niemand: kein Opfer",
      lowestSoldier: "der Soldat mit der kleinsten Platznummer",
    },
  },
  missingKill: {
    label: "Fehlende Opferwahl",
    about: "Was die Nacht ohne die entscheidende Opferwahl tut.",
    choices: { wait: "wartet darauf", noKill: "endet ohne Opfer" },
  },
  mafiaTargetsOwn: {
    label: "Mafia darf eigene wählen",
    about: "Die Mafia darf einen der Ihren vorschlagen.",
  },
  doctorSelf: { label: "Arzt schützt sich selbst", about: "Der Arzt darf sich selbst schützen." },
  doctorRepeat: {
    label: "Arzt wiederholt",
    about: "Der Arzt darf denselben Spieler zwei Nächte nacheinander schützen.",
  },
  revealNightRole: {
    label: "Rolle des Opfers zeigen",
    about: "Die Rolle eines Nachtopfers wird mit seinem Tod gezeigt.",
  },
  abstainMajority: {
    label: "Enthaltung gewinnt",
    about: "Wann die Enthaltung die Tagesabstimmung gewinnt.",
    choices: {
      living: "Mehrheit der Lebenden",
      cast: "Mehrheit der abgegebenen Stimmen",
      candidate: "als eigener Kandidat",
    },
  },
  changeVote: {
    label: "Stimmen änderbar",
    about: "Eine Stimme darf bis zum Ende der Abstimmung geändert werden.",
  },
  tally: {
    label: "Stimmenzählung",
    about: "Was die Zählung der Abstimmung zeigt.",
    choices: {
      totals: "Summen je Kandidat",
      outcome: "nur das Ergebnis",
      net: "mit dem −1 des Lügners",
      raw: "die Stimmen wie abgegeben",
    },
  },
  endShowsDisconnected: {
    label: "Rolle eines Getrennten",
    about: "Das Ende zeigt die Rolle eines getrennten Spielers statt „unbekannt“.",
  },
  commissarResult: {
    label: "Ergebnis des Kommissars",
    about: "Wann der Kommissar erfährt, was er geprüft hat.",
    choices: { immediate: "sofort", morning: "am Morgen, wenn er lebt" },
  },
  disconnectGraceSeconds: {
    label: "Zeit zum Wiederverbinden",
    about: "Wie lange ein getrennter Platz fehlen darf, bevor er ausscheidet.",
    unit: s,
  },
  warnMargin: {
    label: "Abstand der Balance-Warnung",
    about: "Warnen, wenn Stadt und Mafia so nah beieinander sind.",
  },
  warnRatio: {
    label: "Verhältnis der Balance-Warnung",
    about: "Warnen, wenn die Stadt die Mafia so oft übertrifft.",
  },
  firstPhase: {
    label: "Erste Phase",
    about: "Ob das Spiel mit einem Tag oder einer Nacht beginnt.",
    choices: { day: "Tag", night: "Nacht" },
  },
  townWins: {
    label: "Stadt gewinnt",
    about: "Wann die Stadt gewonnen hat.",
    choices: { allOpponents: "kein Mafioso und kein Maniac lebt", allMafia: "kein Mafioso lebt" },
  },
  mafiaWins: {
    label: "Mafia gewinnt",
    about: "Wann die Mafia durch ihre Zahl gewonnen hat.",
    choices: {
      maniacDead: "sobald der Maniac tot ist",
      literal: "ohne den Maniac gezählt",
      maniacCounts: "der Maniac zählt zur Stadt",
    },
  },
  blockedHunt: {
    label: "Blockierter Jäger",
    about: "Was die Blockade des Bosses mit einer Jagd macht.",
    choices: {
      cancels: "hebt die Jagd auf",
      beforeDraw: "streicht ihn vor dem Los",
      unblockable: "nichts",
    },
  },
  maniacStopsExecutor: {
    label: "Maniac stoppt den Schützen",
    about: "Ein Schütze, den der Maniac tötet, schießt nicht.",
  },
  healHunter: {
    label: "Jäger heilbar",
    about: "Ein erfolgreicher Jäger kann gegen die Schüsse geheilt werden.",
  },
  healWorksOn: {
    label: "Die Heilung wirkt auf",
    about: "Wen die Heilung des Arztes retten kann.",
    choices: { anyButManiac: "alle außer dem Maniac", civilians: "Zivilisten und den Arzt" },
  },
  doctorHuntForfeits: {
    label: "Jagd des Arztes kostet die Heilung",
    about: "Wann ein jagender Arzt seine Heilung verliert.",
    choices: { applied: "wenn er sich bewirbt", drawn: "wenn er gezogen wird" },
  },
  huntBalance: {
    label: "Die Jagd öffnet",
    about: "Wann Zivilisten jagen dürfen.",
    choices: {
      endgame: "zwei Zivilisten gegen einen Gegner",
      ratio: "Zivilisten höchstens doppelt so viele wie Gegner",
    },
  },
  nightReveal: {
    label: "Nachttode zeigen",
    about: "Was ein Tod in der Nacht offenbart.",
    choices: { side: "die Seite", role: "die Rolle" },
  },
  waitForMandatory: {
    label: "Nacht wartet auf Schuss und Heilung",
    about: "Die Nacht endet nicht, bevor Schuss und Heilung da sind.",
  },
  clock: {
    label: "Uhr",
    about: "Was die Phasen beendet.",
    choices: { table: "Timer am Tisch", calendar: "der Forumskalender" },
  },
  daySeconds: { label: "Tag", about: "Wie lange jeder Tag am Tisch dauert.", unit: s },
  terrorBlackoutSeconds: {
    label: "Keine Anschläge vor Tagesende",
    about: "Der Terrorist darf in den letzten Sekunden des Tages nicht zuschlagen.",
    unit: s,
  },
  dayEnds: {
    label: "Tag endet um",
    about: "Kalender: die Ortszeit, zu der Tag und Abstimmung enden.",
  },
  nightEnds: {
    label: "Nacht endet um",
    about: "Kalender: die Ortszeit, zu der die Ergebnisse der Nacht kommen.",
  },
  timeZone: { label: "Zeitzone", about: "Kalender: die Zeitzone des Forums." },
  terrorBlackoutMinutes: {
    label: "Keine Anschläge vor Tagesende",
    about: "Kalender: die Sperre vor dem Ende des Tages.",
    unit: min,
  },
  statusSeconds: {
    label: "Status-PNs",
    about: "Wie lange jeder Platz zuerst nur den Bürgerstatus sieht.",
    unit: s,
  },
  roles: {
    label: "Zusätzliche Rollen",
    about: "Die verteilten zusätzlichen Rollen, jede höchstens einmal.",
  },
  revealOnDeath: {
    label: "Ein Tod zeigt",
    about: "Was beim Tod eines Spielers offenbart wird.",
    choices: { role: "Partei und Rolle", none: "nichts", party: "die Partei" },
  },
  liarVoteShown: {
    label: "Die Stimme des Lügners",
    about: "Wie die Stimme des Lügners gezeigt wird.",
    choices: { plain: "wie jede andere", signed: "mit ihrem −1" },
  },
  liarDefaultVote: {
    label: "Die eigene Stimme des Lügners",
    about: "Wie die automatische Stimme des Lügners zählt.",
    choices: { minus: "−1", plus: "+1" },
  },
  succession: {
    label: "Nachfolge im Mafia-Amt",
    about: "Wer das Amt der Mafia übernimmt, wenn sein Inhaber ohne Erben stirbt.",
    choices: {
      lot: "ein Los, der Spion zuletzt",
      lotNoSpy: "ein Los, nie der Spion",
      none: "niemand",
    },
  },
  framing: {
    label: "Belastung",
    about: "Was die Arbeit des Fälschers mit einer Prüfung macht.",
    choices: { mafioso: "zeigt einen Mafioso", inverted: "kehrt das Ergebnis um" },
  },
  adLimit: {
    label: "Anzeigen pro Spieler",
    about: "Wie viele Anzeigen ein Spieler im ganzen Spiel schalten darf.",
  },
  warningsToDisqualify: {
    label: "Verwarnungen bis zur Disqualifikation",
    about: "Wie viele Verwarnungen einen Platz aus dem Spiel nehmen.",
  },
  bothWipedOut: {
    label: "Beide Seiten ausgelöscht",
    about: "Wer gewinnt, wenn die Letzten beider Seiten zugleich sterben.",
    choices: { draw: "unentschieden", mafia: "die Mafia", town: "die Stadt" },
  },
};
