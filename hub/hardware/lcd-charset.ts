/**
 * Text for a character LCD (HD44780 with the common A00 character ROM, as on the PCF8574
 * backpack modules): each character of the result is one of the ROM's codes, which
 * johnny-five's `LCD.print` sends as one byte each. The ROM has ASCII (but ¥ and arrows where
 * `\` and `~` would be), a few accented small letters and no Cyrillic, so the words of the
 * box's language are written in what it has: German umlauts and ß as the ROM's own letters
 * (capital umlauts as "Ae", "Oe", "Ue": the ROM has none), Russian in Latin letters, other
 * accents dropped, anything else "?".
 */

/** Codes of the A00 ROM for the letters it has beyond ASCII. */
const ROM: Record<string, number> = { ä: 0xe1, ß: 0xe2, ö: 0xef, ü: 0xf5, "°": 0xdf };

const SPELLED: Record<string, string> = {
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  "\\": "/",
  "~": "-",
  "«": '"',
  "»": '"',
  "„": '"',
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "…": "...",
  "→": ">",
  "№": "N",
};

/** Russian letters in Latin, as Russian speakers write them when they have no Cyrillic. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

function spell(ch: string): string {
  const rom = ROM[ch];
  if (rom !== undefined) return String.fromCharCode(rom);
  const spelled = SPELLED[ch];
  if (spelled !== undefined) return spelled;
  const lower = ch.toLowerCase();
  const latin = CYRILLIC[lower];
  if (latin !== undefined)
    return lower === ch ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
  if (ch >= " " && ch <= "}") return ch;
  // é, ñ, ç...: the letter without its accent, where that leaves ASCII.
  const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return bare.length === 1 && bare >= " " && bare <= "}" ? bare : "?";
}

/** `text` in the LCD ROM's codes, one character per cell. */
export function lcdText(text: string): string {
  let out = "";
  for (const ch of text) out += spell(ch);
  return out;
}
