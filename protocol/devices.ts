/**
 * `host/devices` (retained, host only): which seats have a connection now, and on what.
 * The hub tells a phone from a paddle by the MQTT client id's first word (`phone-…`,
 * `paddle-…`; firmware PaddleSettings.device); anything else counts as a paddle. It is a
 * description for the host, never a permission: both connect with the seat's identity.
 */
import { z } from "zod";

export const seatDevicesSchema = z.object({
  seat: z.number().int().min(1),
  phones: z.number().int().min(0),
  paddles: z.number().int().min(0),
});

export const deviceListSchema = z.object({
  table: z.string(),
  seats: z.array(seatDevicesSchema),
});

export type SeatDevices = z.infer<typeof seatDevicesSchema>;
export type DeviceList = z.infer<typeof deviceListSchema>;

/** The client id convention: "phone" for a phone's firmware, "paddle" for everything else. */
export function deviceOf(clientId: string): "phone" | "paddle" {
  return clientId.startsWith("phone-") ? "phone" : "paddle";
}
