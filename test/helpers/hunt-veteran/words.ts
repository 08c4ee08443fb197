/**
 * The veteran's words (HUNT-TOY-01): his role's name, his alert as the record says it, and
 * the label of his alert's book on the judge's console (`host.night.<book>`).
 */
export const veteranWords = {
  en: {
    "role.hunt.veteran": "Veteran",
    "action.alert": "stays on alert",
    "host.night.alerts": "On alert",
  },
  de: {
    "role.hunt.veteran": "Veteran",
    "action.alert": "ist in Alarmbereitschaft",
    "host.night.alerts": "In Alarmbereitschaft",
  },
  ru: {
    "role.hunt.veteran": "Ветеран",
    "action.alert": "в засаде",
    "host.night.alerts": "Начеку",
  },
} as const;
