import { parsePart } from "#app/platform/env.ts";
import { CareersConfig } from "./careers-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const careersEnv = parsePart(CareersConfig, process.env);
