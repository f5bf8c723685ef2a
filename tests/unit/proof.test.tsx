// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ProofSchema, type ProofContent } from "#app/pages/pages-content-schema.ts";
import { proof } from "#app/pages/proof-content.ts";
import { CaseStudies, ClientLogos, Team, Testimonials } from "#app/pages/proof-sections.tsx";

// The proof slots (docs/content.md): filled with the example the operator's guide gives, every
// section appears with what was filled in; as shipped, empty, none renders anything.

/** The example of docs/content.md, as an operator would paste it into app/pages/proof-content.ts. */
function exampleFromGuide(): ProofContent {
  const guide = readFileSync(path.resolve(import.meta.dirname, "../../docs/content.md"), "utf8");
  const block = guide.match(/<!-- proof-example:start -->\n```ts\n([\s\S]*?)```\n<!-- proof-example:end -->/)?.[1];
  if (!block) throw new Error("docs/content.md has no proof example");
  const expression = block.replace(/^export const proof = /, "(").replace(/\s*satisfies ProofContent;\s*$/, ")");
  return ProofSchema.parse(vm.runInNewContext(expression));
}

describe("the proof slots, filled with the example of docs/content.md", () => {
  const example = exampleFromGuide();

  test("the example matches the slots' schema and fills every list", () => {
    expect(example.clients.logos.length).toBeGreaterThan(0);
    expect(example.caseStudies.items.length).toBeGreaterThan(0);
    expect(example.testimonials.items.length).toBeGreaterThan(0);
    expect(example.team.members.length).toBeGreaterThan(0);
  });

  test("client logos: a titled list of the logos, each named, with its size, linked when it has an address", () => {
    render(<ClientLogos clients={example.clients} />);
    const section = screen.getByRole("region", { name: "Clients we work with" });
    const logos = within(section).getAllByRole("img");
    expect(logos.map((logo) => logo.getAttribute("alt"))).toEqual(["Northwind Freight", "Contoso Health"]);
    expect(logos[0]?.getAttribute("src")).toBe("/clients/northwind.svg");
    expect(logos[0]?.getAttribute("width")).toBe("160");
    expect(logos[0]?.getAttribute("height")).toBe("40");
    expect(within(section).getByRole("link", { name: "Northwind Freight" }).getAttribute("href")).toBe(
      "https://northwind.example",
    );
  });

  test("case studies: each with its client, title, problem, approach, outcome and figures", () => {
    render(<CaseStudies content={example.caseStudies} />);
    const section = screen.getByRole("region", { name: "Selected work" });
    expect(
      within(section).getByRole("heading", { level: 3, name: "From nightly batches to live tracking" }),
    ).toBeTruthy();
    expect(section.textContent).toContain("Northwind Freight · Logistics");
    for (const [label, text] of [
      ["The problem", "Shipment status reached customers a day late"],
      ["Our approach", "Two of our engineers joined their platform team"],
      ["The outcome", "Customers see a parcel's status within a minute"],
    ] as const) {
      const term = within(section).getByText(label);
      expect(term.tagName).toBe("DT");
      expect(term.nextElementSibling?.textContent).toContain(text);
    }
    expect(within(section).getByText("< 1 min").tagName).toBe("DD");
    expect(within(section).getByText("from scan to customer").tagName).toBe("DT");
  });

  test("testimonials: the quote, signed with name, role and company", () => {
    render(<Testimonials content={example.testimonials} />);
    const section = screen.getByRole("region", { name: "In our clients' words" });
    const quote = within(section).getByText(/They worked inside our team, not beside it/);
    expect(quote.closest("blockquote")).toBeTruthy();
    const caption = section.querySelector("figcaption");
    expect(caption?.textContent).toBe("Dana ExampleHead of Platform, Northwind Freight");
  });

  test("team: each member with name, role and bio; the photo with its size, or the initials; the profile linked", () => {
    render(<Team content={example.team} />);
    const section = screen.getByRole("region", { name: "The people you will work with" });
    expect(
      within(section)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Ada Example", "Sam Example"]);
    expect(section.textContent).toContain("Principal engineer");
    expect(section.textContent).toContain("Cloud platforms and the migrations to them, since 2012.");
    const photo = section.querySelector("img");
    expect(photo?.getAttribute("src")).toBe("/team/ada.jpg");
    expect(photo?.getAttribute("width")).toBe("160");
    expect(within(section).getByText("SE").getAttribute("aria-hidden")).toBe("true");
    expect(within(section).getByRole("link", { name: "Sam Example" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/in/sam-example",
    );
  });
});

describe("the proof slots as shipped", () => {
  test("match their schema and are empty: the company has no clients we could name", () => {
    const shipped = ProofSchema.parse(proof);
    expect([
      shipped.clients.logos,
      shipped.caseStudies.items,
      shipped.testimonials.items,
      shipped.team.members,
    ]).toEqual([[], [], [], []]);
  });

  test("render nothing at all: no heading, no empty frame", () => {
    const { container } = render(
      <>
        <ClientLogos clients={proof.clients} />
        <CaseStudies content={proof.caseStudies} />
        <Testimonials content={proof.testimonials} />
        <Team content={proof.team} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });
});
