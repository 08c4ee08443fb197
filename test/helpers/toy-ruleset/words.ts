/**
 * The toy ruleset's own words (issue 23), registered beside it (protocol/words
 * registerWords): its name, its roles, its two steps, its veteran's vest and its one option,
 * in en, de and ru. Its ways out and announcements are the built-in ones. Option words are
 * flat keys (`option.<name>.label`, `.about`), so that one word list carries them.
 */
export const toyWords = {
  en: {
    "ruleset.toy": "Toy town",
    "role.toy.mafia": "Toy mafioso",
    "role.toy.civilian": "Toy townsman",
    "role.toy.veteran": "Toy veteran",
    "action.vest": "wears a vest",
    "step.dusk": "Dusk",
    "night.dusk": "the toy mafia picks a victim",
    "step.ballot": "Ballot",
    "option.lullaby.label": "Lullaby",
    "option.lullaby.about": "An option to offer only: the toy plays the same either way.",
  },
  de: {
    "ruleset.toy": "Spielzeugstadt",
    "role.toy.mafia": "Spielzeugmafioso",
    "role.toy.civilian": "Spielzeugbürger",
    "role.toy.veteran": "Spielzeugveteran",
    "action.vest": "trägt eine Weste",
    "step.dusk": "Dämmerung",
    "night.dusk": "die Spielzeugmafia wählt ein Opfer",
    "step.ballot": "Stimmzettel",
    "option.lullaby.label": "Wiegenlied",
    "option.lullaby.about": "Nur zum Anbieten da: das Spiel läuft so oder so gleich.",
  },
  ru: {
    "ruleset.toy": "Игрушечный город",
    "role.toy.mafia": "Игрушечный мафиози",
    "role.toy.civilian": "Игрушечный горожанин",
    "role.toy.veteran": "Игрушечный ветеран",
    "action.vest": "носит бронежилет",
    "step.dusk": "Сумерки",
    "night.dusk": "игрушечная мафия выбирает жертву",
    "step.ballot": "Бюллетень",
    "option.lullaby.label": "Колыбельная",
    "option.lullaby.about": "Только чтобы было что выбрать: игра от неё не меняется.",
  },
} as const;
