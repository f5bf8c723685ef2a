import { parsePart } from "#app/platform/env.ts";
import { MetricsConfig } from "./metrics-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const metricsEnv = parsePart(MetricsConfig, process.env);
