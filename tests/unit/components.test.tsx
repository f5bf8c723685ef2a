// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { ApplicationForm } from "#app/careers/application-form.tsx";
import { ConsentProvider } from "#app/consent/consent-manager.tsx";
import { ContactForm } from "#app/contact/contact-form.tsx";
import { EmbedFrame } from "#app/consent/embed-frame.tsx";
import { StoreButtons } from "#app/ui/store-buttons.tsx";
import { Alert } from "#app/ui/alert.tsx";
import { SiteHeader } from "#app/site/site-header.tsx";
import { ErrorBoundary } from "#app/root.tsx";
import { careers } from "#app/careers/careers-content.ts";
import { contact } from "#app/contact/contact-content.ts";
import { site } from "#app/site/site-content.ts";
import type { ConsentView } from "#app/consent/consent-cookie.ts";

describe("the cookie banner", () => {
  async function renderBanner(embeds: { newsletterEmbedUrl: string | null; loginEmbedUrl: string | null }) {
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ config: embeds }),
        Component: () => (
          <ConsentProvider initialView={{ decided: false }} isBot={false}>
            <p>A page</p>
          </ConsentProvider>
        ),
      },
    ]);
    const { findByRole, unmount } = render(<Stub initialEntries={["/"]} />);
    const banner = await findByRole("region", { name: "We value your privacy" });
    const text = banner.textContent ?? "";
    const buttons = [...banner.querySelectorAll("button")].map((button) => button.textContent);
    unmount();
    return { text, buttons };
  }

  test("names third-party forms only where some are embedded, and keeps spec.md's labels", async () => {
    const none = await renderBanner({ newsletterEmbedUrl: null, loginEmbedUrl: null });
    expect(none.text).toContain("We use only the cookies the site needs to work");
    expect(none.text).not.toMatch(/third-party/i);
    expect(none.buttons).toEqual(expect.arrayContaining(["Accept All", "Accept Individual", "Necessary only"]));
  });

  test("with a frame configured, says whose cookies it asks about", async () => {
    const banner = await renderBanner({ newsletterEmbedUrl: null, loginEmbedUrl: "https://forms.embed.example/login" });
    expect(banner.text).toContain("and those of third-party forms if you allow them");
  });
});

describe("EmbedFrame", () => {
  function renderFrame(view: ConsentView, src: string | null) {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ConsentProvider initialView={view} isBot>
            <EmbedFrame
              id="newsletter"
              src={src}
              title="Newsletter signup form"
              size="540x700"
              fallback={<p>Not here yet: write to us.</p>}
            />
          </ConsentProvider>
        ),
      },
    ]);
    return render(<Stub initialEntries={["/"]} />);
  }

  test("with third-party forms accepted, renders the frame at its size, titled and lazy", () => {
    // about:blank keeps the test off the network (vitest.config.ts lets happy-dom load it).
    renderFrame({ decided: true, forms: true }, "about:blank");
    const frame = screen.getByTitle("Newsletter signup form");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("about:blank");
    expect(frame.getAttribute("width")).toBe("540");
    expect(frame.getAttribute("height")).toBe("700");
    expect(frame.getAttribute("loading")).toBe("lazy");
    expect(frame.className).toContain("max-w-[540px]");
    expect(frame.id).toBe("newsletter");
  });

  test.each([[{ decided: false }], [{ decided: true, forms: false }]] as const)(
    "before consent (%o), shows a placeholder of the same size naming the provider",
    (view) => {
      const { container } = renderFrame(view, "https://forms.embed.example/newsletter");
      // Only inert, in the template the banner's script takes it from once the frames are allowed in the page.
      expect([...container.querySelectorAll("iframe")].every((frame) => frame.closest("template"))).toBe(true);
      expect(screen.getByText("This form is provided by forms.embed.example")).toBeTruthy();
      expect(screen.getByRole("button", { name: "Load form" })).toBeTruthy();
      const box = screen.getByText("This form is provided by forms.embed.example").parentElement;
      expect(box?.className).toContain("h-[700px]");
      expect(box?.className).toContain("max-w-[540px]");
      // "Load form" comes back to this place (the frame takes its id), not to the top of the page.
      expect(box?.id).toBe("newsletter");
      expect(box?.querySelector<HTMLInputElement>("input[name=returnTo]")?.value).toBe("/#newsletter");
    },
  );

  test("without a URL there is no empty box of the frame's size: its fallback stands in its place, at its own height", () => {
    const { container } = renderFrame({ decided: true, forms: true }, null);
    const fallback = screen.getByText("Not here yet: write to us.");
    expect(container.querySelector("iframe")).toBeNull();
    expect(fallback.parentElement?.className).not.toContain("h-[700px]");
    expect(fallback.parentElement?.className).toContain("max-w-[540px]");
  });
});

describe("Alert", () => {
  test("an error is announced as an alert, what was done and news as a status", () => {
    render(
      <>
        <Alert tone="error">That time was just taken.</Alert>
        <Alert tone="success">Saved.</Alert>
        <Alert tone="info">Your meeting has moved.</Alert>
      </>,
    );
    expect(screen.getByRole("alert").textContent).toBe("That time was just taken.");
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toEqual([
      "Saved.",
      "Your meeting has moved.",
    ]);
  });

  test("inside a live region of its own page it is the box only, not a second announcement", () => {
    render(
      <div role="alert" aria-live="assertive">
        <Alert tone="error" as="ul" announced={false}>
          <li>Please correct the fields below.</li>
        </Alert>
      </div>,
    );
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("list").textContent).toBe("Please correct the fields below.");
  });
});

describe("StoreButtons", () => {
  const stores = [
    {
      label: "Download on the App Store",
      comingSoon: "Coming soon to the App Store",
      url: "https://apps.apple.com/app/id1",
    },
    { label: "Get it on Google Play", comingSoon: "Coming soon to Google Play", url: null },
  ];

  function renderInRouter(ui: React.ReactNode) {
    const Stub = createRoutesStub([{ path: "/", Component: () => ui }]);
    return render(<Stub initialEntries={["/"]} />);
  }

  test("links a configured store and shows 'coming soon' for the other", () => {
    renderInRouter(<StoreButtons stores={stores} />);
    expect(screen.getByRole("link", { name: "Download on the App Store" }).getAttribute("href")).toBe(
      "https://apps.apple.com/app/id1",
    );
    expect(screen.queryByRole("link", { name: "Get it on Google Play" })).toBeNull();
    expect(screen.getByText("Coming soon to Google Play")).toBeTruthy();
  });

  test("sends an unconfigured store to the fallback page when one is given", () => {
    renderInRouter(<StoreButtons stores={stores} fallbackHref="/download" />);
    expect(screen.getByRole("link", { name: "Get it on Google Play" }).getAttribute("href")).toBe("/download");
  });
});

describe("SiteHeader", () => {
  function renderAt(path: string) {
    const header = () => (
      <SiteHeader
        companyName={site.companyName}
        logoAlt={site.logoAlt}
        about={site.navigation.about}
        getStarted={site.navigation.getStarted}
        menuLabel={site.navigation.menuLabel}
      />
    );
    const Stub = createRoutesStub([{ path: "*", Component: header }]);
    return render(<Stub initialEntries={[path]} />);
  }

  test("marks About as the current page on /about", () => {
    renderAt("/about");
    for (const link of screen.getAllByRole("link", { name: "About", hidden: true })) {
      expect(link.getAttribute("aria-current")).toBe("page");
    }
  });

  test("marks nothing as current elsewhere, and Get Started leads to /download", () => {
    renderAt("/features");
    for (const link of screen.getAllByRole("link", { name: "About", hidden: true })) {
      expect(link.getAttribute("aria-current")).toBeNull();
    }
    for (const link of screen.getAllByRole("link", { name: "Get Started", hidden: true })) {
      expect(link.getAttribute("href")).toBe("/download");
    }
  });
});

describe("the root error boundary", () => {
  test("shows a plain 'Something went wrong' page, without internals, when a page fails to render", () => {
    function Broken(): React.ReactNode {
      throw new Error("database password is hunter2");
    }
    vi.stubEnv("DEV", false); // as in the production build
    const Stub = createRoutesStub([{ path: "/", Component: Broken, ErrorBoundary }]);
    // React logs the caught render error through console.error; that report is this test's subject.
    const consoleError = console.error;
    console.error = () => {};
    try {
      render(<Stub initialEntries={["/"]} />);
    } finally {
      console.error = consoleError;
    }
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    expect(document.body.textContent).not.toContain("hunter2");
  });
});

describe("the forms render without React warnings", () => {
  test.each([
    [
      "contact",
      () => <ContactForm content={contact.form} stamp="1.sig" lastResult={undefined} formError={undefined} />,
    ],
    [
      "application",
      () => (
        <ApplicationForm
          content={careers.application}
          futureOpeningsMonths={12}
          stamp="1.sig"
          lastResult={undefined}
          formError={undefined}
        />
      ),
    ],
  ])("%s form", (_name, Component) => {
    const Stub = createRoutesStub([{ path: "/", Component }]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getAllByRole("textbox").length).toBeGreaterThan(3);
  });

  test("the application form's future-openings promise names the configured period", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ApplicationForm
            content={careers.application}
            futureOpeningsMonths={18}
            stamp="1.sig"
            lastResult={undefined}
            formError={undefined}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(
      screen.getByLabelText("Keep my application for up to 18 months and contact me about future openings."),
    ).toBeTruthy();
  });

  test("each link field of the application form gives an example address of its own site", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ApplicationForm
            content={careers.application}
            futureOpeningsMonths={12}
            stamp="1.sig"
            lastResult={undefined}
            formError={undefined}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const hint = (label: string) =>
      document.getElementById(screen.getByLabelText(label).getAttribute("aria-describedby") ?? "")?.textContent;
    expect(hint("LinkedIn profile")).toBe("For example linkedin.com/in/your-name");
    expect(hint("GitHub profile")).toBe("For example github.com/your-name");
    expect(hint("Portfolio or website")).toBe("For example your-site.com");
  });

  test("a server result puts each error beside its field, keeps the values and focuses the first problem", () => {
    const lastResult = {
      status: "error" as const,
      initialValue: { name: "Ada", email: "ada@", budget: "10k-25k" },
      error: { email: ["Please enter a valid e-mail address, like name@example.com."] },
    };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <ContactForm content={contact.form} stamp="1.sig" lastResult={lastResult} formError={null} />,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const email = screen.getByLabelText(/Your Email/);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Please enter a valid e-mail address, like name@example.com.",
    );
    expect((screen.getByLabelText(/Your Name/) as HTMLInputElement).value).toBe("Ada");
    expect((screen.getByLabelText(/Please Choose the Budget/) as HTMLSelectElement).value).toBe("10k-25k");
    expect(document.activeElement).toBe(email);
  });

  test("the file field lists the files chosen, by name and size", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ContactForm content={contact.form} stamp="1.sig" lastResult={undefined} formError={undefined} />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const input = screen.getByLabelText(/Upload Files/) as HTMLInputElement;
    expect(screen.queryByRole("list", { name: "Chosen files" })).toBeNull();
    const files = [
      new File(["x".repeat(2048)], "brief.pdf", { type: "application/pdf" }),
      new File(["y"], "notes.txt", { type: "text/plain" }),
    ];
    Object.defineProperty(input, "files", { value: files, configurable: true });
    fireEvent.change(input);
    const chosen = screen.getByRole("list", { name: "Chosen files" });
    expect([...chosen.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
      "brief.pdf2 KB",
      "notes.txt1 B",
    ]);
    expect(document.body.textContent).not.toContain(contact.form.chooseFilesAgain);
  });

  test("when the server sends a form back, its file field asks to choose the files again (the browser cannot keep them)", () => {
    const lastResult = {
      status: "error" as const,
      initialValue: { firstName: "Ada" },
      error: { consent: ["Please agree."] },
    };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ApplicationForm
            content={careers.application}
            futureOpeningsMonths={12}
            stamp="1.sig"
            lastResult={lastResult}
            formError={null}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const resume = screen.getByLabelText(/Resume/);
    const hint = document.getElementById(resume.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(hint?.textContent).toContain(careers.application.chooseFilesAgain);
    // Chosen again, the field says so no more.
    Object.defineProperty(resume, "files", {
      value: [new File(["cv"], "cv.pdf", { type: "application/pdf" })],
      configurable: true,
    });
    fireEvent.change(resume);
    expect(document.body.textContent).not.toContain(careers.application.chooseFilesAgain);
    expect(screen.getByRole("list", { name: "Chosen file" }).textContent).toBe("cv.pdf2 B");
  });
});
