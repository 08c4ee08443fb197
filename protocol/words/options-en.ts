/**
 * Every ruleset option in English words: a label, a one-line description, its unit, and a
 * word for each choice, so that the console's setup form shows no raw identifier. The keys
 * are the options' names (`host/rulesets`); the other languages must give the same keys.
 */

/** One option as a person reads it. */
export interface OptionWord {
  label: string;
  /** One line: what the option changes. */
  about: string;
  /** Of a number (seconds, minutes); absent for the rest. */
  unit?: string;
  /** A word for each choice of a `choice` option. */
  choices?: Readonly<Record<string, string>>;
}

const s = "s";
const min = "min";

export const enOptions = {
  lang: {
    label: "Language",
    about: "The language of the screens and the record.",
    choices: { en: "English", de: "Deutsch", ru: "Русский" },
  },
  speechSeconds: { label: "Speech", about: "How long a day speech lasts.", unit: s },
  justifySeconds: {
    label: "Shootout speech",
    about: "How long each tied player defends himself.",
    unit: s,
  },
  lastWordSeconds: { label: "Last word", about: "The last word of a player voted out.", unit: s },
  lastWordNightSeconds: {
    label: "Last word after the night",
    about: "The last word of the night's victim.",
    unit: s,
  },
  voteWindowSeconds: {
    label: "Vote window",
    about: "How long one nominee's votes are counted.",
    unit: s,
  },
  nightStepSeconds: {
    label: "Night step",
    about: "Each night step lasts this long, whatever happens.",
    unit: s,
  },
  mafiaMeetingSeconds: {
    label: "Mafia meeting",
    about: "The mafia's meeting on the zero night.",
    unit: s,
  },
  autoAdvance: {
    label: "Steps end by their timers",
    about: "Off: the countdown shows, the host ends each step.",
  },
  shotQuorum: {
    label: "Who must shoot",
    about: "How many mafiosi must shoot the same seat for a kill.",
    choices: { living: "all living mafiosi", three: "three shooters" },
  },
  shotTargets: {
    label: "Shot targets",
    about: "Which seats the night's shot may name.",
    choices: { living: "living seats only", nonBlack: "every seat but the mafia's" },
  },
  secondShot: {
    label: "A second shot",
    about: "What a mafioso's second shot in one night does.",
    choices: { miss: "spoils the shot", reject: "is refused" },
  },
  shotStillChecks: {
    label: "Shot Don or Sheriff checks",
    about: "A Don or Sheriff shot tonight still checks tonight.",
  },
  thirdFoulInSpeech: {
    label: "Third foul in a speech",
    about: "What a third foul during one's own speech costs.",
    choices: { endAndLoseNext: "ends it and the next speech", endOnly: "ends it only" },
  },
  silencedLoses: {
    label: "A silenced player loses",
    about: "Which speeches a player with three fouls loses.",
    choices: { speech: "his next speech", allSpeaking: "every speech that day" },
  },
  removalLastWord: { label: "Last word on removal", about: "A removed player gets a last word." },
  nominationsPerSpeech: {
    label: "Nominations per speech",
    about: "How many players one speech may nominate.",
  },
  selfNomination: { label: "Self-nomination", about: "A player may nominate himself." },
  revoteTie: {
    label: "Tie after the revote",
    about: "Who goes to the all-leave vote after a tied revote.",
    choices: { topTied: "those tied at the top", allTied: "everyone tied" },
  },
  leaveVoteThreshold: {
    label: "All-leave vote",
    about: "When a tied table all leaves.",
    choices: {
      livingMajority: "more than half of the living",
      castMajority: "more leave than stay votes",
    },
  },
  revealOnElimination: {
    label: "Show role when out",
    about: "An eliminated player's role is shown at once.",
  },
  blackWins: {
    label: "Mafia wins",
    about: "When the mafia wins by numbers.",
    choices: { atLeast: "as many as the town or more", exact: "exactly as many as the town" },
  },
  voice: {
    label: "Who is speaking",
    about: "Hear levels (never sound) from seats with a microphone, for the judge's candidates.",
  },
  showRemovalCause: {
    label: "Show why a player is removed",
    about: "The screens say why a player was removed; off: only the judge's console says it.",
  },
  allowAnySeatCount: {
    label: "Any seat count",
    about: "Allow other table sizes than the rules' (training tables).",
  },
  decoys: {
    label: "Silent nights",
    about: "Every seat gets a prompt at night, so nobody stands out.",
  },
  venue: { label: "Venue", about: "The venue's name and colours on the screens." },
  mafia: { label: "Mafia size", about: "How many mafiosi are dealt; empty: the rules' share." },
  commissar: { label: "Commissar", about: "Commissar Cattani is in play." },
  doctor: { label: "Doctor", about: "The Doctor is in play." },
  councillors: { label: "Councillors", about: "How many councillors are dealt; empty: the rest." },
  nightSeconds: {
    label: "Night",
    about: "How long the night lasts; empty: until everyone has chosen.",
    unit: s,
  },
  discussionSeconds: {
    label: "Discussion",
    about: "How long the day's discussion lasts; empty: no timer.",
    unit: s,
  },
  voteSeconds: {
    label: "Vote",
    about: "How long the vote lasts; empty: until everyone has voted.",
    unit: s,
  },
  leaderless: {
    label: "Mafia without leaders",
    about: "Who picks the kill once the Godfather and the Consigliere are dead.",
    choices: {
      soldiersPlurality: "the soldiers' most proposed",
      none: "nobody: no kill",
      lowestSoldier: "the lowest-seat soldier",
    },
  },
  missingKill: {
    label: "Missing kill choice",
    about: "What the night does without the deciding kill choice.",
    choices: { wait: "waits for it", noKill: "ends without a kill" },
  },
  mafiaTargetsOwn: {
    label: "Mafia may target its own",
    about: "The mafia may propose one of its own.",
  },
  doctorSelf: { label: "Doctor heals himself", about: "The Doctor may protect himself." },
  doctorRepeat: {
    label: "Doctor repeats",
    about: "The Doctor may protect the same player two nights in a row.",
  },
  revealNightRole: {
    label: "Show the victim's role",
    about: "A night victim's role is shown with his death.",
  },
  abstainMajority: {
    label: "Abstention wins",
    about: "When abstaining wins the day's vote.",
    choices: {
      living: "a majority of the living",
      cast: "a majority of the votes cast",
      candidate: "as a candidate of its own",
    },
  },
  changeVote: { label: "Votes may change", about: "A vote may be changed until the vote closes." },
  tally: {
    label: "Vote count",
    about: "What the vote's count shows.",
    choices: {
      totals: "totals per candidate",
      outcome: "the outcome only",
      net: "with the liar's −1",
      raw: "the votes as cast",
    },
  },
  endShowsDisconnected: {
    label: "Role of a disconnected player",
    about: 'The end shows a disconnected player\'s role, not "unknown".',
  },
  commissarResult: {
    label: "Commissar's result",
    about: "When the Commissar learns what he checked.",
    choices: { immediate: "at once", morning: "in the morning, if he lives" },
  },
  disconnectGraceSeconds: {
    label: "Reconnect time",
    about: "How long a dropped seat may be away before it is out.",
    unit: s,
  },
  warnMargin: {
    label: "Balance warning margin",
    about: "Warn when town and mafia are this close.",
  },
  warnRatio: {
    label: "Balance warning ratio",
    about: "Warn when the town outnumbers the mafia this many times.",
  },
  firstPhase: {
    label: "First phase",
    about: "Whether the game opens with a day or a night.",
    choices: { day: "day", night: "night" },
  },
  townWins: {
    label: "Town wins",
    about: "When the town has won.",
    choices: { allOpponents: "no mafioso and no Maniac lives", allMafia: "no mafioso lives" },
  },
  mafiaWins: {
    label: "Mafia wins",
    about: "When the mafia has won by numbers.",
    choices: {
      maniacDead: "once the Maniac is dead",
      literal: "counting without the Maniac",
      maniacCounts: "counting the Maniac with the town",
    },
  },
  blockedHunt: {
    label: "Blocked hunter",
    about: "What the Boss's block does to a hunt.",
    choices: {
      cancels: "cancels the hunt",
      beforeDraw: "drops him before the lot",
      unblockable: "nothing",
    },
  },
  maniacStopsExecutor: {
    label: "Maniac stops the shooter",
    about: "A shooter the Maniac kills does not shoot.",
  },
  healHunter: {
    label: "Hunter can be healed",
    about: "A successful hunter can be healed against the shots.",
  },
  healWorksOn: {
    label: "The heal works on",
    about: "Whom the Doctor's heal can save.",
    choices: { anyButManiac: "everyone but the Maniac", civilians: "civilians and the Doctor" },
  },
  doctorHuntForfeits: {
    label: "Doctor's hunt costs the heal",
    about: "When a hunting Doctor loses his heal.",
    choices: { applied: "when he applies", drawn: "when he is drawn" },
  },
  huntBalance: {
    label: "The hunt opens",
    about: "When civilians may hunt.",
    choices: {
      endgame: "two civilians against one opponent",
      ratio: "civilians at most twice the opponents",
    },
  },
  nightReveal: {
    label: "Night deaths show",
    about: "What a night death reveals.",
    choices: { side: "the side", role: "the role" },
  },
  waitForMandatory: {
    label: "Night waits for shot and heal",
    about: "The night does not end before the shot and the heal are in.",
  },
  clock: {
    label: "Clock",
    about: "What ends the phases.",
    choices: { table: "timers at the table", calendar: "the forum calendar" },
  },
  daySeconds: { label: "Day", about: "How long each day lasts at the table.", unit: s },
  terrorBlackoutSeconds: {
    label: "No attacks before the day ends",
    about: "The terrorist may not attack in the day's last seconds.",
    unit: s,
  },
  dayEnds: { label: "Day ends at", about: "Calendar: the local time the day and its vote end." },
  nightEnds: {
    label: "Night ends at",
    about: "Calendar: the local time the night's results come.",
  },
  timeZone: { label: "Time zone", about: "Calendar: the forum's time zone." },
  terrorBlackoutMinutes: {
    label: "No attacks before the day ends",
    about: "Calendar: the blackout before the day's end.",
    unit: min,
  },
  statusSeconds: {
    label: "Status messages",
    about: "How long every seat sees only the citizen status first.",
    unit: s,
  },
  roles: { label: "Optional roles", about: "The optional roles dealt, each at most once." },
  revealOnDeath: {
    label: "A death shows",
    about: "What is revealed when a player dies.",
    choices: { role: "party and role", none: "nothing", party: "the party" },
  },
  liarVoteShown: {
    label: "The liar's vote",
    about: "How the liar's vote is shown.",
    choices: { plain: "like any other", signed: "with its −1" },
  },
  liarDefaultVote: {
    label: "The liar's own vote",
    about: "How the liar's automatic vote counts.",
    choices: { minus: "−1", plus: "+1" },
  },
  succession: {
    label: "Mafia office succession",
    about: "Who takes the mafia's office when its holder dies without an heir.",
    choices: { lot: "a lot, the spy last", lotNoSpy: "a lot, never the spy", none: "nobody" },
  },
  framing: {
    label: "Framing",
    about: "What the framer's work does to a check.",
    choices: { mafioso: "shows a mafioso", inverted: "inverts the result" },
  },
  adLimit: { label: "Ads per player", about: "How many ads a player may place in the whole game." },
  warningsToDisqualify: {
    label: "Warnings to disqualify",
    about: "How many warnings put a seat out of the game.",
  },
  bothWipedOut: {
    label: "Both sides wiped out",
    about: "Who wins when the last of both sides die at once.",
    choices: { draw: "a draw", mafia: "the mafia", town: "the town" },
  },
} as const satisfies Record<string, OptionWord>;

export type OptionName = keyof typeof enOptions;
export type OptionWords = Record<OptionName, OptionWord>;
