import { parsePart } from "#app/platform/env.ts";
import { BackupsConfig } from "./backups-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const backupsEnv = parsePart(BackupsConfig, process.env);
