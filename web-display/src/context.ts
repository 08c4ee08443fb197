/** What the component tree shares: the table's snapshot, its ruleset's manifest and the language. */
import { createContext } from "@lit/context";
import type { Lang } from "../../protocol/host.js";
import type { RulesetManifest } from "../../protocol/manifest.js";
import type { TableSnapshot } from "./connection.js";
import type { Translator } from "./i18n/index.js";

export const tableContext = createContext<TableSnapshot | null>(Symbol("mafia-table"));
/** The manifest of the game on the table (connection.ts `manifestOf`), null before one. */
export const manifestContext = createContext<RulesetManifest | null>(Symbol("mafia-manifest"));
export const i18nContext = createContext<Translator>(Symbol("mafia-i18n"));

/** Fired (bubbling, composed) by the language switch; the page's root handles it. */
export interface LangChangeDetail {
  lang: Lang;
}
