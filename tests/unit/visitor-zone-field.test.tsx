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
  const zone = container.querySelector<HTMLInputElement>('input[type="hidden"][name="visitor-zone"]');
  expect(zone?.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(zone?.value).not.toBe("");
  // Sent with the form, beside its stamp.
  expect(new FormData(container.querySelector("form")!).get("visitor-zone")).toBe(zone?.value);
});
