/** A source of numbers in [0, 1): Math.random, or a seeded one for a game that replays. */
export type Rand = () => number;
