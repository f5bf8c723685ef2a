import { z } from "zod";

// A page's form made from the zod schema that checks its copy (issue 51, decision 058): one
// source for what a page holds, the fields' limits and the lists' lengths. The form is plain
// HTML posted to the server: its fields are named by their path in the copy ("hero.intro",
// "services.cards[1].title"), the lists' buttons (add, remove, move) and "Back to the original"
// are submit buttons whose intent the server applies to the posted copy before it shows the form
// again, so all of it works without JavaScript.

type Segment = string | number;

/** One node of the form: a text field, a group of fields, or a list of items. */
export type CopyNode =
  | {
      kind: "text";
      name: string;
      key: Segment;
      value: string;
      max: number | null;
      multiline: boolean;
      changed: boolean;
    }
  | { kind: "group"; name: string; key: Segment; children: CopyNode[] }
  | {
      kind: "list";
      name: string;
      key: Segment;
      min: number;
      max: number | null;
      items: CopyNode[];
      changed: boolean;
    };

/** A path as its field's name: ["services", "cards", 1, "title"] → "services.cards[1].title". */
export function nameOf(path: readonly Segment[]) {
  return path.reduce<string>(
    (name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment),
    "",
  );
}

/** A field's name as its path; null for a name that is no path. */
export function pathOf(name: string): Segment[] | null {
  if (!/^[A-Za-z]\w*(\.[A-Za-z]\w*|\[\d+\])*$/.test(name)) return null;
  return [...name.matchAll(/([A-Za-z]\w*)|\[(\d+)\]/g)].map((match) =>
    match[2] === undefined ? (match[1] as string) : Number(match[2]),
  );
}

type AnySchema = z.ZodType;

function listLimits(schema: z.ZodArray) {
  let min = 0;
  let max: number | null = null;
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number; maximum?: number; length?: number };
    if (def.check === "min_length") min = def.minimum ?? min;
    if (def.check === "max_length") max = def.maximum ?? max;
    if (def.check === "length_equals") {
      min = def.length ?? min;
      max = def.length ?? max;
    }
  }
  return { min, max };
}

/** A field longer than a line is a text area. */
const lineLength = 100;

function valueAt(value: unknown, path: readonly Segment[]): unknown {
  let at: unknown = value;
  for (const segment of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[segment as string];
  }
  return at;
}

/** `value` in the schema's shape: what is missing is empty (a list with no items, a field with no text). */
export function shaped(schema: AnySchema, value: unknown): unknown {
  if (schema instanceof z.ZodObject) {
    const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, AnySchema>).map(([key, child]) => [
        key,
        shaped(child, record[key]),
      ]),
    );
  }
  if (schema instanceof z.ZodArray) {
    return Array.isArray(value) ? value.map((item) => shaped(schema.element as AnySchema, item)) : [];
  }
  if (schema instanceof z.ZodString) return typeof value === "string" ? value : "";
  throw new Error(`A page's copy holds only text, groups and lists: ${schema.type} is not editable`);
}

/** The form of `value`, each field marked `changed` where it differs from the original copy. */
export function copyForm(schema: AnySchema, value: unknown, original: unknown): CopyNode[] {
  const build = (node: AnySchema, path: Segment[]): CopyNode => {
    const name = nameOf(path);
    const key = path.at(-1) ?? "";
    const here = valueAt(value, path);
    const there = valueAt(original, path);
    if (node instanceof z.ZodObject) {
      return {
        kind: "group",
        name,
        key,
        children: Object.entries(node.shape as Record<string, AnySchema>).map(([child, schemaOf]) =>
          build(schemaOf, [...path, child]),
        ),
      };
    }
    if (node instanceof z.ZodArray) {
      const items = Array.isArray(here) ? here : [];
      return {
        kind: "list",
        name,
        key,
        ...listLimits(node),
        items: items.map((_, index) => build(node.element as AnySchema, [...path, index])),
        changed: JSON.stringify(here) !== JSON.stringify(there),
      };
    }
    if (node instanceof z.ZodString) {
      const max = node.maxLength;
      const text = typeof here === "string" ? here : "";
      return {
        kind: "text",
        name,
        key,
        value: text,
        max,
        multiline: max === null || max > lineLength,
        changed: typeof there === "string" && text !== there,
      };
    }
    throw new Error(`A page's copy holds only text, groups and lists: ${node.type} is not editable`);
  };
  const root = build(schema, []);
  return root.kind === "group" ? root.children : [root];
}

/** The copy as the form posted it, in the schema's shape (not yet checked). */
export function copyFromForm(schema: AnySchema, formData: FormData): unknown {
  const raw: Record<string, unknown> = {};
  for (const [name, value] of formData) {
    const path = typeof value === "string" ? pathOf(name) : null;
    if (!path || name === "intent") continue;
    let at: Record<string | number, unknown> = raw;
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        at[segment] = value;
        return;
      }
      const next = path[index + 1];
      at[segment] ??= typeof next === "number" ? [] : {};
      at = at[segment] as Record<string | number, unknown>;
    });
  }
  return shaped(schema, compact(raw));
}

/** Lists as the form posted them, without holes (an item's fields all arrive, in order). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, compact(child)]));
  return value;
}

function schemaAt(schema: AnySchema, path: readonly Segment[]): AnySchema | null {
  let at: AnySchema = schema;
  for (const segment of path) {
    if (at instanceof z.ZodObject && typeof segment === "string") {
      const child = (at.shape as Record<string, AnySchema>)[segment];
      if (!child) return null;
      at = child;
    } else if (at instanceof z.ZodArray && typeof segment === "number") at = at.element as AnySchema;
    else return null;
  }
  return at;
}

function withValueAt(value: unknown, path: readonly Segment[], replace: (current: unknown) => unknown): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path as [Segment, ...Segment[]];
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? withValueAt(item, rest, replace) : item));
  const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return { ...record, [head]: withValueAt(record[head as string], rest, replace) };
}

/** What a button of the form asks: a list's add, remove, move, or a field back to the original. */
export type CopyIntent =
  | { intent: "add"; path: Segment[] }
  | { intent: "remove" | "up" | "down"; path: Segment[]; index: number }
  | { intent: "original"; path: Segment[] };

/** The button's value ("add:services.cards", "up:services.cards[2]") as an intent; null when it is none. */
export function parseCopyIntent(value: string): CopyIntent | null {
  const [intent, name = ""] = value.split(/:(.*)/s);
  const path = pathOf(name);
  if (!path) return null;
  if (intent === "add" || intent === "original") return { intent, path };
  const index = path.at(-1);
  if ((intent === "remove" || intent === "up" || intent === "down") && typeof index === "number")
    return { intent, path: path.slice(0, -1), index };
  return null;
}

/**
 * The copy with the intent applied, within the schema's limits (a list at its minimum keeps its
 * items, one at its maximum takes no more); "original" puts the original copy's value back.
 */
export function applyCopyIntent(schema: AnySchema, copy: unknown, original: unknown, action: CopyIntent): unknown {
  const node = schemaAt(schema, action.path);
  if (!node) return copy;
  if (action.intent === "original") {
    const there = valueAt(original, action.path);
    return there === undefined ? copy : withValueAt(copy, action.path, () => structuredClone(there));
  }
  if (!(node instanceof z.ZodArray)) return copy;
  const { min, max } = listLimits(node);
  return withValueAt(copy, action.path, (current) => {
    const items = Array.isArray(current) ? [...current] : [];
    if (action.intent === "add")
      return max !== null && items.length >= max ? items : [...items, shaped(node.element as AnySchema, undefined)];
    const { index } = action;
    if (index < 0 || index >= items.length) return items;
    if (action.intent === "remove") return items.length <= min ? items : items.filter((_, at) => at !== index);
    const to = action.intent === "up" ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return items;
    [items[index], items[to]] = [items[to], items[index]];
    return items;
  });
}

export type CopyErrorText = { required: string; tooLong: string; tooFew: string; tooMany: string; invalid: string };

/** Checks the copy with its schema: the checked copy, or each field's error by its name. */
export function checkCopy<Copy>(schema: z.ZodType<Copy>, copy: unknown, text: CopyErrorText) {
  const result = schema.safeParse(copy);
  if (result.success) return { ok: true as const, copy: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = nameOf(issue.path as Segment[]);
    if (errors[name]) continue;
    if (issue.code === "too_small") {
      errors[name] = issue.origin === "array" ? text.tooFew.replace("{min}", String(issue.minimum)) : text.required;
    } else if (issue.code === "too_big") {
      errors[name] = (issue.origin === "array" ? text.tooMany : text.tooLong).replace("{max}", String(issue.maximum));
    } else errors[name] = text.invalid;
  }
  return { ok: false as const, errors };
}

/** The names of the fields (and lists) whose value differs between two copies. */
export function changedFields(before: unknown, after: unknown, path: Segment[] = []): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    // A list that changed length or order is one change; otherwise its items' changes.
    if (before.length !== after.length) return [nameOf(path)];
    return before.flatMap((item, index) => changedFields(item, after[index], [...path, index]));
  }
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changedFields(before[key], after[key], [...path, key]));
  }
  return [nameOf(path)];
}
