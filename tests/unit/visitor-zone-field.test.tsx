// @vitest-environment happy-dom
import { render } from "@testing-library/react";
import { expect, test } from "vitest";
import { GuardFields } from "#app/forms/form-parts.tsx";

test("every public form sends the zone the browser says, once its script has run", () => {
  const { container } = render(
    <form>
      <GuardFields stamp="stamp" />
    </form>,
  );
  const form = container.querySelector("form")!;
  // Read as the form is sent (decision 064): its submit event comes before the browser reads the
  // form's data to send it. Chromium's part (the zone put in again as the form is sent, after
  // Conform emptied the field) is tests/e2e/workspace.spec.ts's "in Kolkata".
  form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  const data = new FormData(form);
  expect(data.get("visitor-zone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(data.get("visitor-zone")).not.toBe("");
  expect(data.getAll("visitor-zone")).toHaveLength(1);
  expect(data.get("form-started")).toBe("stamp");
});
