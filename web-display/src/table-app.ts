/**
 * What both root elements (the display and the host console) share: the table from the
 * URL, one connection at a time, and the contexts they provide to everything below them:
 * the table's snapshot, its ruleset's manifest, and the language, switchable live.
 */
import { ContextProvider } from "@lit/context";
import { LitElement } from "lit";
import type { Lang } from "../../protocol/host.js";
import type { RulesetManifest } from "../../protocol/manifest.js";
import { langFromUrl, mqttUrl, rememberLang, tableFromUrl } from "./config.js";
import { type Identity, manifestOf, TableConnection, type TableSnapshot } from "./connection.js";
import { i18nContext, type LangChangeDetail, manifestContext, tableContext } from "./context.js";
import { translator } from "./i18n/index.js";

export abstract class TableApp extends LitElement {
  protected readonly table = tableFromUrl();
  protected connection: TableConnection | null = null;
  protected readonly tableProvider = new ContextProvider(this, {
    context: tableContext,
    initialValue: null,
  });
  /** Set from every snapshot, so no component tests a ruleset id (protocol/manifest.ts). */
  private readonly manifestProvider = new ContextProvider(this, {
    context: manifestContext,
    initialValue: null,
  });
  /** The manifest the tree is given, for the app's own rendering. */
  protected get manifest(): RulesetManifest | null {
    return this.manifestProvider.value;
  }
  protected readonly i18nProvider = new ContextProvider(this, {
    context: i18nContext,
    initialValue: translator(langFromUrl()),
  });

  constructor() {
    super();
    this.addEventListener("lang-change", (e) =>
      this.setLang((e as CustomEvent<LangChangeDetail>).detail.lang),
    );
  }

  /** Replaces the connection with one as `identity`; `onChange` sees every snapshot. */
  protected open(
    identity: Identity,
    password: string,
    onChange: (snap: TableSnapshot) => void,
  ): void {
    this.close();
    this.connection = new TableConnection(this, {
      url: mqttUrl(),
      table: this.table,
      identity,
      password,
      onChange: (snap) => {
        this.manifestProvider.setValue(manifestOf(snap));
        onChange(snap);
      },
    });
  }

  protected close(): void {
    this.connection?.close();
    if (this.connection) this.removeController(this.connection);
    this.connection = null;
  }

  private setLang(lang: Lang): void {
    rememberLang(lang);
    this.i18nProvider.setValue(translator(lang));
    document.documentElement.lang = lang;
    this.requestUpdate();
  }
}
