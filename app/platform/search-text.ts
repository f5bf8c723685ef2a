// What the inbox's search compares: the values a person typed, folded once when stored, and the
// words searched for, folded the same way. Done here in JavaScript rather than with the engines'
// lower(): SQLite's lowers ASCII only (É stays É), and both engines must find the same rows.

/**
 * A text with case and compatibility forms set aside: NFKC (ﬁ is fi, a decomposed é the
 * composed one), then upper- and lower-cased, which folds the letters that lower-casing alone
 * leaves apart (ß and ss). The same for every locale: no Turkish or Lithuanian rules.
 */
export const foldForSearch = (text: string) => text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

/** The stored search text of some values: each folded, one a line, so no match runs from one value into the next. */
export const searchText = (values: Array<string | null | undefined>) =>
  values
    .filter((value): value is string => typeof value === "string" && value.trim() !== "")
    .map(foldForSearch)
    .join("\n");

/** A LIKE pattern for a text anywhere, its `%`, `_` and `\` taken literally (with `escape '\'`). */
export const containsPattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
