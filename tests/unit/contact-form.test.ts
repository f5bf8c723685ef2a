import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { contactFormSchema } from "#app/contact/contact-schema.ts";

function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

function errorsOf(data: FormData) {
  const result = parseWithZod(data, { schema: contactFormSchema() });
  return result.status === "error" ? result.error : undefined;
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", project: "An analytical engine", budget: "50k-100k" };

describe("the contact form schema", () => {
  test("accepts the brief's required fields and leaves optional ones empty", () => {
    const result = parseWithZod(form({ ...valid, phone: "", company: "", source: "" }), {
      schema: contactFormSchema(),
    });
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value).toMatchObject({
        ...valid,
        phone: undefined,
        company: undefined,
        source: undefined,
        attachments: [],
      });
    }
  });

  test("explains each missing or wrong field", () => {
    expect(errorsOf(form({ name: "  ", email: "ada@", phone: "call me", budget: "a-lot" }))).toEqual({
      name: ["Please enter your name."],
      email: ["Please enter a valid e-mail address, like name@example.com."],
      phone: ["Please enter a phone number using digits, spaces and + ( ) - . only."],
      project: ["Please describe your project in a few words."],
      budget: ["Please choose a budget range."],
    });
  });

  test("accepts each budget the brief lists and nothing else", () => {
    for (const budget of ["under-10k", "10k-25k", "25k-50k", "50k-100k", "over-100k"]) {
      expect(parseWithZod(form({ ...valid, budget }), { schema: contactFormSchema() }).status).toBe("success");
    }
    expect(parseWithZod(form({ ...valid, budget: "" }), { schema: contactFormSchema() }).status).toBe("error");
  });

  test("bounds lengths and refuses line breaks in single-line fields (no header injection)", () => {
    const errors = errorsOf(
      form({ ...valid, name: "Ada\r\nBcc: victim@example.com", company: "x".repeat(201), project: "p".repeat(5001) }),
    );
    expect(errors?.name).toEqual(["Please keep this to a single line."]);
    expect(errors?.company).toEqual(["This is too long: please shorten it to 200 characters."]);
    expect(errors?.project).toEqual(["This is too long: please shorten it to 5000 characters."]);
  });

  test("allows at most five files and 10 MB in total", () => {
    const small = () => new File(["x"], "a.txt");
    const six = form(valid);
    for (let index = 0; index < 6; index += 1) six.append("attachments", small());
    expect(errorsOf(six)?.attachments).toEqual(["Please attach at most 5 files."]);
    const big = form({ ...valid, attachments: new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.zip") });
    expect(errorsOf(big)?.attachments).toEqual([
      "Your files add up to more than 10 MB: please attach smaller or fewer files.",
    ]);
    // Six files of 2 MB: fewer files is the first thing to fix, and may be all.
    const sixLarge = form(valid);
    for (let index = 0; index < 6; index += 1)
      sixLarge.append("attachments", new File([new Uint8Array(2 * 1024 * 1024)], `part-${index}.zip`));
    expect(errorsOf(sixLarge)?.attachments).toEqual(["Please attach at most 5 files."]);
  });
});
