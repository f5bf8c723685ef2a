import { v7 as uuidv7 } from "uuid";

/** Time-ordered ids: rows sort by creation when sorted by id. */
export const newId = () => uuidv7();
