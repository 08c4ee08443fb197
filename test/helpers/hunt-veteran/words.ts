/** The veteran's words (HUNT-TOY-01): his role's name and his alert as the record says it. */
export const veteranWords = {
  en: { "role.hunt.veteran": "Veteran", "action.alert": "stays on alert" },
  de: { "role.hunt.veteran": "Veteran", "action.alert": "ist in Alarmbereitschaft" },
  ru: { "role.hunt.veteran": "Ветеран", "action.alert": "в засаде" },
} as const;
