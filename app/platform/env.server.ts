import { parseEnv } from "./env.ts";

// Read and validated once per process, when the server build is first imported.
export const env = parseEnv(process.env);
