/** An island's script and the modules it imports, the ones it builds on first (scripts/vite-islands.ts). */
export type IslandScripts = Record<string, { entry: string; imports: string[] }>;

/** The element an island hydrates, and the script element holding its props as JSON. */
export const islandId = (name: string) => `island-${name}`;
export const islandPropsId = (name: string) => `island-${name}-props`;
