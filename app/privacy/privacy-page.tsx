import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { PageHero } from "#app/ui/section.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { pageMeta } from "#app/site/seo.ts";
import { pages } from "#app/site/pages.ts";
import { site } from "#app/site/site-content.ts";
import { usePrivacyNotice } from "./use-privacy-notice.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import type { Route } from "./+types/privacy-page";
import { privacy } from "./privacy-content.ts";

// Prerendered with the configured controller and periods: the same values the purge keeps.

export const meta: Route.MetaFunction = (args) => pageMeta(args, privacy.meta);

/** One part of the notice, under a heading sized to the few lines that answer it. */
function NoticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mt-12 text-2xl font-extrabold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Privacy() {
  const config = useSiteConfig();
  // How long the backups keep a copy (BACKUP_KEEP daily backups): one of the site's values the
  // root gives (app/config.ts), so a build made for another BACKUP_KEEP is refused at start.
  const backupDays = useRouteLoaderData<{ config: { backupDays: number } }>("root")?.config.backupDays ?? "";
  const notice = usePrivacyNotice();
  const controller = notice.privacyController ?? site.companyName;
  const values = {
    controller,
    email: notice.privacyEmail,
    inquiryMonths: notice.retentionInquiryMonths,
    applicationMonths: notice.retentionApplicationMonths,
    futureMonths: notice.retentionFutureOpeningsMonths,
    meetingMonths: notice.retentionMeetingMonths,
    spamDays: notice.retentionSpamDays,
    mailDays: config.retentionMailDays,
    authority: notice.privacyAuthority ?? "",
    backupDays,
  };
  const fill = (template: string) => fillTemplate(template, values);
  const embedHosts = [
    ...new Set(
      [config.newsletterEmbedUrl, config.loginEmbedUrl]
        .filter((url): url is string => Boolean(url))
        .map((url) => new URL(url).hostname),
    ),
  ];
  return (
    <>
      <PageHero title={privacy.title}>
        <p className="mt-6 max-w-[54ch] text-lead text-ink-muted">{fill(privacy.intro)}</p>
      </PageHero>
      {/* At the hero's left edge, at a readable measure (54ch: at most about 72 characters a line in the wide system faces). */}
      <Container className="pb-section">
        <div className="max-w-[54ch]">
          <NoticeSection id="controller-title" title={privacy.controller.title}>
            <p className="mt-4">{fill(privacy.controller.text)}</p>
            <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
              {notice.privacyAddress ? (
                <>
                  <dt className="font-semibold">{privacy.controller.address}</dt>
                  <dd>{notice.privacyAddress}</dd>
                </>
              ) : null}
              <dt className="font-semibold">{privacy.controller.email}</dt>
              <dd>
                <a href={`mailto:${notice.privacyEmail}`} className="text-brand underline underline-offset-4">
                  {notice.privacyEmail}
                </a>
              </dd>
              {notice.privacyDpoEmail ? (
                <>
                  <dt className="font-semibold">{privacy.controller.dpo}</dt>
                  <dd>
                    <a href={`mailto:${notice.privacyDpoEmail}`} className="text-brand underline underline-offset-4">
                      {notice.privacyDpoEmail}
                    </a>
                  </dd>
                </>
              ) : null}
            </dl>
          </NoticeSection>

          <NoticeSection id="collections-title" title={privacy.collections.title}>
            {privacy.collections.items.map((item) => (
              <section key={item.name} aria-label={item.name} className="mt-6 rounded-card border border-line p-5">
                <h3 className="text-lg font-bold">{item.name}</h3>
                <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[9rem_1fr]">
                  <dt className="font-semibold">{privacy.collections.columns.what}</dt>
                  <dd>{item.what}</dd>
                  <dt className="font-semibold">{privacy.collections.columns.why}</dt>
                  <dd>{item.why}</dd>
                  <dt className="font-semibold">{privacy.collections.columns.basis}</dt>
                  <dd>{item.basis}</dd>
                  <dt className="font-semibold">{privacy.collections.columns.kept}</dt>
                  <dd>{fill(item.kept)}</dd>
                </dl>
              </section>
            ))}
            <p className="mt-6">{fill(privacy.collections.backups)}</p>
          </NoticeSection>

          <NoticeSection id="recipients-title" title={privacy.recipients.title}>
            <ul className="mt-4 list-disc space-y-2 pl-6">
              <li>{privacy.recipients.mail}</li>
              <li>
                {embedHosts.length
                  ? fillTemplate(privacy.recipients.embeds, { hosts: embedHosts.join(", ") })
                  : privacy.recipients.embedsNone}
              </li>
              <li>{privacy.recipients.hosting}</li>
            </ul>
            <p className="mt-4">{privacy.recipients.notSold}</p>
          </NoticeSection>

          <NoticeSection id="rights-title" title={privacy.rights.title}>
            <ul className="mt-4 list-disc space-y-2 pl-6">
              {privacy.rights.items.map((right) => (
                <li key={right}>{right}</li>
              ))}
            </ul>
            <p className="mt-4">{fill(privacy.rights.howTo)}</p>
          </NoticeSection>

          <NoticeSection id="complaint-title" title={privacy.complaint.title}>
            <p className="mt-4">
              {privacy.complaint.text}{" "}
              {notice.privacyAuthority ? (
                notice.privacyAuthorityUrl ? (
                  <a
                    href={notice.privacyAuthorityUrl}
                    className="text-brand underline underline-offset-4"
                    rel="noopener noreferrer"
                  >
                    {fill(privacy.complaint.configured)}
                  </a>
                ) : (
                  fill(privacy.complaint.configured)
                )
              ) : null}
            </p>
          </NoticeSection>

          <NoticeSection id="cookies-title" title={privacy.cookies.title}>
            <p className="mt-4">
              {embedHosts.length ? privacy.cookies.text : privacy.cookies.textNoEmbeds}{" "}
              <Link to={pages.cookieSettings.path} className="text-brand underline underline-offset-4">
                {privacy.cookies.link}
              </Link>
            </p>
          </NoticeSection>
        </div>
      </Container>
    </>
  );
}
