import { parsePart } from "#app/platform/env.ts";
import { PrivacyConfig } from "./privacy-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const privacyEnv = parsePart(PrivacyConfig, process.env);
