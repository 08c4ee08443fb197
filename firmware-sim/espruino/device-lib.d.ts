/**
 * The timer and console globals Espruino provides, for the device type-check (tsconfig.json
 * here compiles against the bare ES2015 library, so that firmware code cannot reach for a
 * Node or browser API by accident). Written to merge with the DOM/Node declarations that the
 * project-wide type-check also sees.
 */
declare function setTimeout(fn: () => void, ms: number): number;
declare function clearTimeout(handle: number): void;
interface Console {
  log(...args: unknown[]): void;
}
declare var console: Console;
