import { parsePart } from "#app/platform/env.ts";
import { ConsentConfig } from "./consent-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const consentEnv = parsePart(ConsentConfig, process.env);
