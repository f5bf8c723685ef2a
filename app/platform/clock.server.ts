import { v7 as uuidv7 } from "uuid";

/** Time-ordered ids: rows sort by creation when sorted by id. */
export const newId = () => uuidv7();

export const isoNow = (now: Date = new Date()) => now.toISOString();
