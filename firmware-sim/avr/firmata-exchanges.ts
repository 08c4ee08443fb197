/**
 * The exchanges recorded from the genuine StandardFirmata (record-firmata.ts) and replayed
 * against the board emulator (test/hardware/board-emulator.test.ts), in this order: each
 * may depend on the state the ones before it left.
 */
export interface Exchange {
  name: string;
  send: number[];
  /** The quiet time after sending in which every byte received belongs to this exchange. */
  waitMs: number;
  /** Close the connection and open it again first (the board is not reset). */
  reopen?: boolean;
}

export interface Recorded {
  name: string;
  send: number[];
  received: number[];
}

const pinState = (pin: number): Exchange => ({
  name: `pin state ${pin}`,
  send: [0xf0, 0x6d, pin, 0xf7],
  waitMs: 300,
});

export const EXCHANGES: Exchange[] = [
  { name: "boot", send: [], waitMs: 3000 },
  { name: "capabilities", send: [0xf0, 0x6b, 0xf7], waitMs: 800 },
  { name: "analog mapping", send: [0xf0, 0x69, 0xf7], waitMs: 300 },
  ...[0, 1, 2, 13, 14, 19].map(pinState),
  pinState(20),
  { name: "pin 0 to output", send: [0xf4, 0x00, 0x01], waitMs: 300 },
  pinState(0),
  { name: "report port 0", send: [0xd0, 0x01], waitMs: 300 },
  { name: "pin 2 input", send: [0xf4, 0x02, 0x00], waitMs: 300 },
  { name: "pin 2 pull-up mode", send: [0xf4, 0x02, 0x0b], waitMs: 300 },
  pinState(2),
  { name: "pin 3 input, written high", send: [0xf4, 0x03, 0x00, 0x90, 0x08, 0x00], waitMs: 300 },
  { name: "pin 13 output high", send: [0xf4, 0x0d, 0x01, 0x91, 0x20, 0x00], waitMs: 300 },
  { name: "report analog 0 for 200 ms", send: [0xc0, 0x01], waitMs: 200 },
  { name: "analog 0 off", send: [0xc0, 0x00], waitMs: 300 },
  { name: "reconnect", send: [], waitMs: 1000, reopen: true },
  pinState(13),
  { name: "system reset", send: [0xff], waitMs: 500 },
  pinState(13),
  pinState(14),
];
