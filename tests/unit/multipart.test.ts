import { describe, expect, test } from "vitest";
import { MalformedFormError, parseMultipartForm } from "#app/forms/multipart.server.ts";

const limits = { maxFiles: 2, maxTotalFileBytes: 1000, maxBodyBytes: 100_000, maxFieldBytes: 100, maxFields: 10 };

function multipartRequest(form: FormData) {
  return new Request("http://localhost/contact", { method: "POST", body: form });
}

describe("parseMultipartForm", () => {
  test("reads text fields and files", async () => {
    const form = new FormData();
    form.append("name", "Zoë");
    form.append("attachments", new File(["%PDF-1.4"], "brief.pdf", { type: "application/pdf" }));
    const { formData, fileProblem, truncated } = await parseMultipartForm(multipartRequest(form), limits);
    expect(fileProblem).toBeNull();
    expect(truncated).toBe(false);
    expect(formData.get("name")).toBe("Zoë");
    const file = formData.get("attachments") as File;
    expect(file.name).toBe("brief.pdf");
    expect(await file.text()).toBe("%PDF-1.4");
  });

  test("drops files over the total size but keeps every text field, even those after the files", async () => {
    const form = new FormData();
    form.append("name", "Ada");
    form.append("attachments", new File(["x".repeat(800)], "a.txt"));
    form.append("attachments", new File(["y".repeat(800)], "b.txt"));
    form.append("source", "A friend");
    const { formData, fileProblem } = await parseMultipartForm(multipartRequest(form), limits);
    expect(fileProblem).toBe("too-large");
    expect(formData.getAll("attachments")).toEqual([]);
    expect(formData.get("name")).toBe("Ada");
    expect(formData.get("source")).toBe("A friend");
  });

  test("drops files beyond the count limit", async () => {
    const form = new FormData();
    for (const name of ["a.txt", "b.txt", "c.txt"]) form.append("attachments", new File(["hi"], name));
    const { formData, fileProblem } = await parseMultipartForm(multipartRequest(form), limits);
    expect(fileProblem).toBe("too-many-files");
    expect(formData.getAll("attachments")).toEqual([]);
  });

  test("too many files is the problem told, even when they are too large as well", async () => {
    const form = new FormData();
    for (const name of ["a.txt", "b.txt", "c.txt"]) form.append("attachments", new File(["x".repeat(600)], name));
    const { formData, fileProblem } = await parseMultipartForm(multipartRequest(form), limits);
    expect(fileProblem).toBe("too-many-files");
    expect(formData.getAll("attachments")).toEqual([]);
  });

  test("an empty file input is not counted as a file", async () => {
    const form = new FormData();
    form.append("attachments", new File([], ""));
    form.append("attachments", new File(["hi"], "a.txt"));
    form.append("attachments", new File(["hi"], "b.txt"));
    const { formData, fileProblem } = await parseMultipartForm(multipartRequest(form), { ...limits, maxFields: 10 });
    expect(fileProblem).toBeNull();
    expect((formData.getAll("attachments") as File[]).map((file) => file.name)).toEqual(["a.txt", "b.txt"]);
  });

  test("a file's name arrives cleaned: no direction controls, zero-width or control characters, at most 100 characters", async () => {
    const form = new FormData();
    form.append("attachments", new File(["hi"], "project-brief\u202Etxt.vbs"));
    form.append("attachments", new File(["hi"], `in\u200Bvoice\u2066${"x".repeat(200)}\u2069.pdf`));
    const { formData } = await parseMultipartForm(multipartRequest(form), limits);
    const names = (formData.getAll("attachments") as File[]).map((file) => file.name);
    expect(names).toEqual(["project-brieftxt.vbs", `invoice${"x".repeat(89)}.pdf`]);
  });

  test("stops reading a body past the hard limit", async () => {
    const form = new FormData();
    form.append("attachments", new File(["z".repeat(200_000)], "huge.txt"));
    const { truncated } = await parseMultipartForm(multipartRequest(form), limits);
    expect(truncated).toBe(true);
  });

  test("a malformed body is a clear error, not a crash", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--xy',
    });
    await expect(parseMultipartForm(request, limits)).rejects.toBeInstanceOf(MalformedFormError);
  });

  // The file's own stream errs too: unheard, that error stopped the whole server.
  test("a body that ends inside a file is a clear error, not a crash", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
    });
    await expect(parseMultipartForm(request, limits)).rejects.toBeInstanceOf(MalformedFormError);
  });

  test("a multipart Content-Type without its boundary is a clear error", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "x",
    });
    await expect(parseMultipartForm(request, limits)).rejects.toBeInstanceOf(MalformedFormError);
  });
});

describe("forged requests are refused", () => {
  function rawMultipart(parts: string) {
    return new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: Buffer.from(`${parts}--xyz--\r\n`, "latin1"),
    });
  }

  test("text that is not valid UTF-8", async () => {
    const request = rawMultipart('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda \xc3\x28\r\n');
    await expect(parseMultipartForm(request, limits)).rejects.toThrow("not valid UTF-8");
  });

  test("a file name with a folder in it", async () => {
    const request = rawMultipart(
      '--xyz\r\nContent-Disposition: form-data; name="attachments"; filename="../../etc/passwd"\r\nContent-Type: text/plain\r\n\r\nroot\r\n',
    );
    await expect(parseMultipartForm(request, limits)).rejects.toThrow("file name");
  });
});
