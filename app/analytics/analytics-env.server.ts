import { parsePart } from "#app/platform/env.ts";
import { AnalyticsConfig } from "./analytics-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const analyticsEnv = parsePart(AnalyticsConfig, process.env);
