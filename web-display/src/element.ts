/** The base of every component: the language and the game's manifest from context, and events that go up. */
import { ContextConsumer } from "@lit/context";
import { LitElement } from "lit";
import type { RulesetManifest } from "../../protocol/manifest.js";
import type { TableSnapshot } from "./connection.js";
import { i18nContext, manifestContext, tableContext } from "./context.js";
import { type Translator, translator } from "./i18n/index.js";

const ENGLISH = translator("en");

export class MafiaElement extends LitElement {
  private readonly i18n = new ContextConsumer(this, { context: i18nContext, subscribe: true });
  private readonly manifestValue = new ContextConsumer(this, {
    context: manifestContext,
    subscribe: true,
  });

  protected get tr(): Translator {
    return this.i18n.value ?? ENGLISH;
  }

  /** The game's ruleset as data: what a screen reads instead of testing its id. */
  protected get manifest(): RulesetManifest | null {
    return this.manifestValue.value ?? null;
  }

  /** Sends a user's action up the tree (bubbles out of shadow roots). */
  protected emit<T>(type: string, detail: T): void {
    this.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
  }
}

/** A component that also reads the table's snapshot from context. */
export class TableElement extends MafiaElement {
  private readonly table = new ContextConsumer(this, { context: tableContext, subscribe: true });

  protected get snapshot(): TableSnapshot | null {
    return this.table.value ?? null;
  }
}
