import { parsePart } from "#app/platform/env.ts";
import { BookingConfig } from "./booking-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const bookingEnv = parsePart(BookingConfig, process.env);
