import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { applicationFormSchema } from "#app/careers/application-schema.ts";

function send(links: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    consent: "on",
    ...links,
  }))
    form.set(name, value);
  form.set("resume", new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" }));
  return parseWithZod(form, { schema: applicationFormSchema() });
}

test("a web address written without https:// is taken as https, and one with http(s) is kept", () => {
  const result = send({
    linkedin: " linkedin.com/in/ada-lovelace ",
    github: "http://github.com/ada",
    portfolio: "https://ada.example.com/work",
  });
  expect(result.status).toBe("success");
  if (result.status !== "success") return;
  expect([result.value.linkedin, result.value.github, result.value.portfolio]).toEqual([
    "https://linkedin.com/in/ada-lovelace",
    "http://github.com/ada",
    "https://ada.example.com/work",
  ]);
});

test.each([
  "javascript:alert(1)",
  "mailto:ada@example.com",
  "ftp://files.example.com",
  "not a web address",
  "localhost/ada",
])("%s is refused with the message that shows how to write one", (linkedin) => {
  const result = send({ linkedin });
  expect(result.status).toBe("error");
  if (result.status !== "error") return;
  expect(result.error?.linkedin).toEqual([
    "Please enter a web address, like linkedin.com/in/your-name, or leave this empty.",
  ]);
});
