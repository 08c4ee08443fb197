/**
 * The seat ring's box (width x height, in vh) on each screen, for the pure layout test
 * (seat-layout.test.ts). The audience's was measured in Chromium at 1280x720 (SeatRing.box,
 * 2026-12-05) and overflow.test.ts checks it on every run; the display's is the ring's own
 * assumption until measured (seat-ring.ts: "the display's oval at 16:9"), not measured here.
 * At 1920x1080 the shape is the same, so the box in vh is too.
 */
export const DISPLAY_RING = { width: 121, height: 85 } as const;
export const AUDIENCE_RING = { width: 121, height: 85 } as const;
