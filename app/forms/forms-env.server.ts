import { parsePart } from "#app/platform/env.ts";
import { FormsConfig } from "./forms-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const formsEnv = parsePart(FormsConfig, process.env);
