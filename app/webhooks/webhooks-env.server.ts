import { parsePart } from "#app/platform/env.ts";
import { WebhooksConfig } from "./webhooks-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const webhooksEnv = parsePart(WebhooksConfig, process.env);
