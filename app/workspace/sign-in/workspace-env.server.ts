import { parsePart } from "#app/platform/env.ts";
import { WorkspaceConfig } from "./workspace-config.ts";

// Read once per process; the server has checked every part together before (app/config.ts).
export const workspaceEnv = parsePart(WorkspaceConfig, process.env);
