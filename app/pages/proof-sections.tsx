import { Card } from "#app/ui/card.tsx";
import { Eyebrow, Section, SectionHeader } from "#app/ui/section.tsx";
import { Container } from "#app/ui/container.tsx";
import type { ProofSectionsCopy } from "./pages-content-schema.ts";
import { proof } from "./proof-content.ts";
import type { ProofLists } from "./proof-fields.ts";

// The proof of docs/editing.md as sections: the published entries (edited in the workspace) under
// their titles (proof-content.ts). Each renders nothing while its list is empty, so a fresh
// install shows no empty frame and no invented client.

export type ProofContent = {
  clients: ProofSectionsCopy["clients"] & { logos: ProofLists["logos"] };
  caseStudies: ProofSectionsCopy["caseStudies"] & { items: ProofLists["caseStudies"] };
  testimonials: ProofSectionsCopy["testimonials"] & { items: ProofLists["testimonials"] };
  team: ProofSectionsCopy["team"] & { members: ProofLists["members"] };
};

/** The sections' content: their titles with the entries. */
export const proofContent = (copy: ProofSectionsCopy, lists: ProofLists): ProofContent => ({
  clients: { ...copy.clients, logos: lists.logos },
  caseStudies: { ...copy.caseStudies, items: lists.caseStudies },
  testimonials: { ...copy.testimonials, items: lists.testimonials },
  team: { ...copy.team, members: lists.members },
});

/** Client logos, for the "Trusted by" section: one quiet row, in the theme's ink. */
export function ClientLogos({ clients }: { clients: ProofContent["clients"] }) {
  if (!clients.logos.length) return null;
  return (
    <section aria-labelledby="clients-title" className="mb-stack">
      <h3 id="clients-title" className="mb-5 text-center font-mono text-eyebrow font-semibold uppercase text-accent">
        {clients.title}
      </h3>
      {/* A centred row of any length: two logos read as well as twelve, with no empty cells. */}
      <ul className="flex flex-wrap items-center justify-center gap-x-12 gap-y-8 border-y border-line py-8">
        {clients.logos.map((client) => {
          // Logos come in their own colours; grey in the light theme and light on the dark one, they read as one row.
          const image = (
            <img
              src={client.logo.src}
              alt={client.name}
              width={client.logo.width}
              height={client.logo.height}
              loading="lazy"
              decoding="async"
              className="h-9 w-auto max-w-full object-contain opacity-80 grayscale dark:brightness-0 dark:invert"
            />
          );
          return (
            <li key={client.name} className="flex items-center">
              {client.url ? (
                <a href={client.url} rel="noopener noreferrer" className="inline-flex rounded-control">
                  {image}
                </a>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Case studies: the problem, the approach and the outcome, each with the figures the client agreed to. */
export function CaseStudies({ content }: { content: ProofContent["caseStudies"] }) {
  if (!content.items.length) return null;
  return (
    <Section labelledBy="case-studies-title">
      <SectionHeader id="case-studies-title" title={content.title} description={content.description} />
      <ul className={`grid gap-6 ${content.items.length > 1 ? "lg:grid-cols-2" : "mx-auto max-w-3xl"}`}>
        {content.items.map((study) => (
          <li key={`${study.client}-${study.title}`}>
            <Card className="flex h-full flex-col p-6 sm:p-8">
              <article>
                <Eyebrow>{[study.client, study.industry].filter(Boolean).join(" · ")}</Eyebrow>
                <h3 className="mt-2 text-heading">{study.title}</h3>
                <dl className="mt-6 space-y-5 border-l-2 border-glow pl-5">
                  {(["problem", "approach", "outcome"] as const).map((part) => (
                    <div key={part}>
                      <dt className="font-mono text-eyebrow font-semibold uppercase text-ink-muted">
                        {content.labels[part]}
                      </dt>
                      <dd className="mt-1">{study[part]}</dd>
                    </div>
                  ))}
                </dl>
                {study.figures?.length ? (
                  <dl className="mt-8 grid grid-cols-3 gap-4 border-t border-line pt-6">
                    {study.figures.map((figure) => (
                      <div key={figure.label} className="flex flex-col">
                        <dt className="text-sm text-ink-muted">{figure.label}</dt>
                        <dd className="order-first font-display text-2xl text-brand">{figure.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </article>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Testimonials: the client's words, signed with name, role and company. */
export function Testimonials({ content }: { content: ProofContent["testimonials"] }) {
  if (!content.items.length) return null;
  return (
    <Section labelledBy="testimonials-title" tone="surface">
      <SectionHeader id="testimonials-title" title={content.title} />
      <ul className={`grid gap-6 ${content.items.length > 1 ? "md:grid-cols-2" : "mx-auto max-w-3xl"}`}>
        {content.items.map((testimonial) => (
          <li key={`${testimonial.name}-${testimonial.company}`}>
            <figure className="flex h-full flex-col rounded-card border border-line bg-raised p-6 shadow-card sm:p-8">
              <svg viewBox="0 0 32 24" className="h-6 w-8 text-glow" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M0 24V14C0 6 4 1 12 0v5c-4 1-6 4-6 8h6v11zm18 0V14c0-8 4-13 12-14v5c-4 1-6 4-6 8h6v11z"
                />
              </svg>
              <blockquote className="mt-4 flex-1 text-lead">
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-line pt-4">
                <span className="block font-bold">{testimonial.name}</span>
                <span className="text-sm text-ink-muted">
                  {testimonial.role}, {testimonial.company}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .filter(Boolean)
    .slice(0, 2)
    .join("")
    .toUpperCase();
}

/** The team: the people a client works with, with a photo or their initials. */
export function Team({ content }: { content: ProofContent["team"] }) {
  if (!content.members.length) return null;
  return (
    <Section labelledBy="team-title">
      <SectionHeader id="team-title" title={content.title} description={content.description} />
      <ul className="grid grid-cols-[repeat(auto-fit,minmax(14rem,17rem))] justify-center gap-6">
        {content.members.map((member) => (
          <li key={member.name}>
            <Card className="h-full">
              {member.photo ? (
                <img
                  src={member.photo.src}
                  srcSet={member.photo.srcSet}
                  alt=""
                  width={member.photo.width}
                  height={member.photo.height}
                  loading="lazy"
                  decoding="async"
                  className="size-20 rounded-full object-cover ring-2 ring-glow ring-offset-2 ring-offset-raised"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="inline-flex size-20 items-center justify-center rounded-full bg-brand-soft font-display text-2xl text-brand ring-2 ring-glow ring-offset-2 ring-offset-raised"
                >
                  {initials(member.name)}
                </span>
              )}
              <h3 className="mt-5 text-heading">
                {member.profileUrl ? (
                  <a
                    href={member.profileUrl}
                    rel="noopener noreferrer"
                    className="underline-offset-4 hover:text-brand hover:underline"
                  >
                    {member.name}
                  </a>
                ) : (
                  member.name
                )}
              </h3>
              <p className="mt-1 font-mono text-eyebrow font-semibold uppercase text-accent">{member.role}</p>
              {member.bio ? <p className="mt-3 text-ink-muted">{member.bio}</p> : null}
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Entries as the site shows them, each in its section (the workspace's preview of one entry). */
export function ProofPreview({ lists }: { lists: ProofLists }) {
  const shown = proofContent(proof, lists);
  return (
    <>
      {/* On the home page the logos' row sits inside the services section. */}
      {shown.clients.logos.length ? (
        <Container className="py-12">
          <ClientLogos clients={shown.clients} />
        </Container>
      ) : null}
      <CaseStudies content={shown.caseStudies} />
      <Testimonials content={shown.testimonials} />
      <Team content={shown.team} />
    </>
  );
}
