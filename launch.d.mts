/** The types of launch.mjs (plain JavaScript: it runs before any TypeScript loader). */

/** The kit's entry and the table worker's: what `dist/` holds, by output name. */
export declare const HUB_ENTRIES: Readonly<Record<string, string>>;

/** Where the hub's bundle is. */
export declare const HUB_DIST: string;

/** Builds `outdir` from `entries` unless every source is older than it; true when it built. */
export declare function ensureBundle(o: {
  root: string;
  outdir: string;
  entries: Readonly<Record<string, string>>;
}): Promise<boolean>;

/** The hub's bundle, built if a source changed. */
export declare function ensureHubBundle(): Promise<boolean>;
