// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ProofSchema } from "#app/pages/pages-content-schema.ts";
import { proof } from "#app/pages/proof-content.ts";
import type { ProofLists } from "#app/pages/proof-fields.ts";
import { CaseStudies, ClientLogos, proofContent, Team, Testimonials } from "#app/pages/proof-sections.tsx";

// The proof's sections (docs/editing.md): filled with published entries (as the workspace keeps
// them, app/pages/proof.server.ts), every section appears with what was filled in, under its
// title from proof-content.ts; with none, none renders anything.

/** Entries as an editor might publish them (made up for this test). */
const entries: ProofLists = {
  logos: [
    {
      name: "Northwind Freight",
      logo: { src: "/media/0123456789abcdef0123456789abcdef.svg", width: 160, height: 40 },
      url: "https://northwind.example",
    },
    { name: "Contoso Health", logo: { src: "/media/fedcba9876543210fedcba9876543210.webp", width: 140, height: 40 } },
  ],
  caseStudies: [
    {
      client: "Northwind Freight",
      industry: "Logistics",
      title: "From nightly batches to live tracking",
      problem: "Shipment status reached customers a day late: a nightly batch moved it between three systems.",
      approach:
        "Two of our engineers joined their platform team for a quarter: an event stream between the systems, built and reviewed together.",
      outcome: "Customers see a parcel's status within a minute, and the platform team runs the stream on its own.",
      figures: [
        { value: "< 1 min", label: "from scan to customer" },
        { value: "3", label: "systems joined" },
      ],
    },
  ],
  testimonials: [
    {
      quote: "They worked inside our team, not beside it: when they left, the knowledge stayed.",
      name: "Dana Example",
      role: "Head of Platform",
      company: "Northwind Freight",
    },
  ],
  members: [
    {
      name: "Ada Example",
      role: "Principal engineer",
      bio: "Cloud platforms and the migrations to them, since 2012.",
      photo: {
        src: "/media/00112233445566778899aabbccddeeff-1x.webp",
        srcSet: "/media/00112233445566778899aabbccddeeff-1x.webp 1x, /media/00112233445566778899aabbccddeeff.webp 2x",
        width: 80,
        height: 80,
      },
    },
    { name: "Sam Example", role: "Security lead", profileUrl: "https://www.linkedin.com/in/sam-example" },
  ],
};

describe("the proof's sections, filled with published entries", () => {
  const example = proofContent(proof, entries);

  test("client logos: a titled list of the logos, each named, with its size, linked when it has an address", () => {
    render(<ClientLogos clients={example.clients} />);
    const section = screen.getByRole("region", { name: "Clients we work with" });
    const logos = within(section).getAllByRole("img");
    expect(logos.map((logo) => logo.getAttribute("alt"))).toEqual(["Northwind Freight", "Contoso Health"]);
    expect(logos[0]?.getAttribute("src")).toBe("/media/0123456789abcdef0123456789abcdef.svg");
    expect(logos[0]?.getAttribute("loading")).toBe("lazy");
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
    expect(photo?.getAttribute("src")).toBe("/media/00112233445566778899aabbccddeeff-1x.webp");
    expect(photo?.getAttribute("srcset")).toContain("/media/00112233445566778899aabbccddeeff.webp 2x");
    expect(photo?.getAttribute("loading")).toBe("lazy");
    expect(photo?.getAttribute("width")).toBe("80");
    expect(within(section).getByText("SE").getAttribute("aria-hidden")).toBe("true");
    expect(within(section).getByRole("link", { name: "Sam Example" }).getAttribute("href")).toBe(
      "https://www.linkedin.com/in/sam-example",
    );
  });
});

describe("the proof's sections as shipped", () => {
  test("their titles match their schema", () => {
    expect(ProofSchema.parse(proof)).toEqual(proof);
  });

  test("with no published entry they render nothing at all: no heading, no empty frame", () => {
    const shipped = proofContent(proof, { logos: [], caseStudies: [], testimonials: [], members: [] });
    const { container } = render(
      <>
        <ClientLogos clients={shipped.clients} />
        <CaseStudies content={shipped.caseStudies} />
        <Testimonials content={shipped.testimonials} />
        <Team content={shipped.team} />
      </>,
    );
    expect(container.innerHTML).toBe("");
  });
});
