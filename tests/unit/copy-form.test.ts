import { describe, expect, test } from "vitest";
import { careersCopy } from "#app/careers/careers-page-copy.ts";
import { homeCopy } from "#app/pages/page-copies.ts";
import {
  applyCopyIntent,
  type CopyNode,
  checkCopy,
  copyForm,
  copyFromForm,
  parseCopyIntent,
} from "#app/workspace/content/copy-form.ts";
import { editablePages } from "#app/workspace/content/page-copies.ts";
import { pagesEditor } from "#app/workspace/content/pages-editor-content.ts";
import { longestCopy } from "#tests/helpers/page-copy-fixtures.ts";

// The page copy forms are made from the pages' schemas (issue 51): every field with the schema's
// limit, every list with its lengths; the form posted back is the copy; the lists' buttons and
// "Back to the original" stay within the schema.

const texts = (nodes: CopyNode[]): Array<Extract<CopyNode, { kind: "text" }>> =>
  nodes.flatMap((node) =>
    node.kind === "text" ? [node] : node.kind === "group" ? texts(node.children) : texts(node.items),
  );
const find = (nodes: CopyNode[], name: string): CopyNode | undefined => {
  for (const node of nodes) {
    if (node.name === name) return node;
    const inside =
      node.kind === "group" ? find(node.children, name) : node.kind === "list" ? find(node.items, name) : undefined;
    if (inside) return inside;
  }
  return undefined;
};
const formOf = (nodes: CopyNode[]) => {
  const form = new FormData();
  for (const node of texts(nodes)) form.append(node.name, node.value);
  return form;
};

describe("a page's form", () => {
  test.each(editablePages.map((entry) => [entry.page, entry] as const))(
    "%s: every field has its limit, and the form posted back is the original copy",
    (_, entry) => {
      const nodes = copyForm(entry.schema, entry.original, entry.original);
      const fields = texts(nodes);
      expect(fields.length).toBeGreaterThan(3);
      for (const field of fields) {
        expect(field.max, field.name).toBeGreaterThan(0);
        expect(field.value.length, field.name).toBeLessThanOrEqual(field.max ?? 0);
        expect(field.changed, field.name).toBe(false);
      }
      expect(copyFromForm(entry.schema, formOf(nodes))).toEqual(entry.original);
    },
  );

  test("shows the schema's limits: the intro a text area of 700, the title a line of 70, four cards exactly", () => {
    const nodes = copyForm(homeCopy.schema, homeCopy.original, homeCopy.original);
    expect(find(nodes, "hero.intro")).toMatchObject({ kind: "text", max: 700, multiline: true });
    expect(find(nodes, "meta.title")).toMatchObject({ kind: "text", max: 70, multiline: false });
    expect(find(nodes, "services.cards")).toMatchObject({ kind: "list", min: 4, max: 4 });
    expect(find(nodes, "services.cards[2].title")).toMatchObject({
      value: "Software Development Support",
      max: 80,
    });
  });

  test("marks a field that differs from the original", () => {
    const copy = { ...homeCopy.original, hero: { ...homeCopy.original.hero, intro: "Changed." } };
    const nodes = copyForm(homeCopy.schema, copy, homeCopy.original);
    expect(find(nodes, "hero.intro")).toMatchObject({ changed: true, value: "Changed." });
    expect(find(nodes, "hero.headline")).toMatchObject({ changed: false });
  });
});

describe("the form's buttons", () => {
  const careers = careersCopy.original;
  const apply = (copy: unknown, value: string) => {
    const intent = parseCopyIntent(value);
    if (!intent) throw new Error(`no intent: ${value}`);
    return applyCopyIntent(careersCopy.schema, copy, careers, intent) as typeof careers;
  };

  test("add a benefit: an empty card at the end, up to the list's maximum", () => {
    const added = apply(careers, "add:benefits.items");
    expect(added.benefits.items).toHaveLength(5);
    expect(added.benefits.items[4]).toEqual({ title: "", description: "" });
    let full: typeof careers = added;
    for (let i = 0; i < 10; i++) full = apply(full, "add:benefits.items");
    expect(full.benefits.items).toHaveLength(8);
  });

  test("move and remove, never below the list's minimum", () => {
    const moved = apply(careers, "up:culture.values[1]");
    expect(moved.culture.values.map((value) => value.title)).toEqual(["Craft", "Ownership", "Candour", "Curiosity"]);
    const down = apply(careers, "down:culture.values[3]");
    expect(down.culture.values).toEqual(careers.culture.values);
    const removed = apply(careers, "remove:culture.values[0]");
    expect(removed.culture.values.map((value) => value.title)).toEqual(["Craft", "Candour", "Curiosity"]);
    expect(apply(removed, "remove:culture.values[0]").culture.values).toHaveLength(3);
  });

  test("back to the original, for a field and for a whole list", () => {
    const changed = {
      ...careers,
      intro: { ...careers.intro, headline: "Changed" },
      benefits: { ...careers.benefits, items: careers.benefits.items.slice(0, 2) },
    };
    const field = apply(changed, "original:intro.headline");
    expect(field.intro.headline).toBe(careers.intro.headline);
    expect(field.benefits.items).toHaveLength(2);
    expect(apply(changed, "original:benefits.items").benefits.items).toEqual(careers.benefits.items);
  });

  test("a value that is no button's is refused", () => {
    expect(parseCopyIntent("remove:benefits.items")).toBeNull();
    expect(parseCopyIntent("drop:benefits.items[0]")).toBeNull();
    expect(parseCopyIntent("add:__proto__[0]")).toBeNull();
  });
});

describe("checking the posted copy", () => {
  test("names each field's problem as the editor's copy says it", () => {
    const copy = {
      ...careersCopy.original,
      intro: { headline: "  ", paragraph: "x".repeat(701) },
      benefits: { ...careersCopy.original.benefits, items: [] },
    };
    const result = checkCopy(careersCopy.schema, copy, pagesEditor.form.errors);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      "intro.headline": pagesEditor.form.errors.required,
      "intro.paragraph": "This is too long: at most 700 characters.",
      "benefits.items": "Keep at least 1 in this list.",
    });
  });

  test("passes the original copy of every page", () => {
    for (const entry of editablePages)
      expect(checkCopy(entry.schema, entry.original, pagesEditor.form.errors).ok, entry.page).toBe(true);
  });
});

describe("the longest copy (the byte budgets' test fills it)", () => {
  test.each(editablePages.map((entry) => [entry.page, entry] as const))(
    "%s: every field at its limit and every list at its most",
    (_, entry) => {
      const copy = longestCopy(entry);
      for (const field of texts(copyForm(entry.schema, copy, entry.original)))
        expect(field.value.length, field.name).toBe(field.max);
    },
  );
});
