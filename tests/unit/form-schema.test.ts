import * as z from "zod/mini";
import { expect, test } from "vitest";
import { formSchema } from "#app/forms/field-rules.ts";

/** A field's builder that notes in `built` when it runs. */
const noting =
  <Type>(built: string[], name: string, build: () => Type) =>
  () => {
    built.push(name);
    return build();
  };

// A form's schema is built on first use (issue 32): whole when a check asks for it, or a field at
// a time in the browser's idle time; either way one schema, which checks the same.

test("a form's schema is built when first asked for, once", () => {
  const built: string[] = [];
  const schema = formSchema({
    name: noting(built, "name", () => z.string().check(z.minLength(1))),
    email: noting(built, "email", () => z.email()),
  });
  expect(built).toEqual([]);
  const first = schema();
  expect(schema()).toBe(first);
  expect(built).toEqual(["name", "email"]);
  expect(first.safeParse({ name: "Ada", email: "ada@example.com" }).success).toBe(true);
  expect(first.safeParse({ name: "", email: "ada@example.com" }).success).toBe(false);
});

test("built piecemeal while the deadline leaves time, it is the same schema afterwards", () => {
  const built: string[] = [];
  const schema = formSchema({
    name: noting(built, "name", () => z.string()),
    email: noting(built, "email", () => z.email()),
    company: noting(built, "company", () => z.optional(z.string())),
  });
  const noTimeLeft = { timeRemaining: () => 0 };
  expect(schema.buildSome(noTimeLeft)).toBe(false);
  expect(built).toEqual(["name"]);
  expect(schema.buildSome(noTimeLeft)).toBe(false);
  expect(schema.buildSome({ timeRemaining: () => 10 })).toBe(true);
  expect(built).toEqual(["name", "email", "company"]);
  schema();
  expect(built).toEqual(["name", "email", "company"]);
  expect(schema().safeParse({ name: "Ada", email: "not an address" }).success).toBe(false);
});
