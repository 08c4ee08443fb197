/**
 * The hub serves its pages with `script-src 'self'` (hub/web/web-security.ts): no eval. zod
 * compiles fast parsers with `Function` when it may, and probes for that with a call the
 * policy blocks and reports; jitless, it never tries. Imported first by every page.
 */
import { config } from "zod";

config({ jitless: true });
