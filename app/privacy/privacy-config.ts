import { z } from "zod";
import type { CareersValues } from "#app/careers/careers-config.ts";
import { httpsUrl, optional, wholeNumber } from "#app/platform/env.ts";

// The privacy notice's facts and how long each kind of record is kept before the daily purge
// deletes it (decision 021); applications' periods are careers' (careers-config.ts), the
// outbox's copies of sent mail the platform's (RETENTION_MAIL_DAYS). Validated at start-up with every other part (app/config.ts).

export const PrivacyConfig = z.object({
  RETENTION_INQUIRY_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
  RETENTION_MEETING_MONTHS: optional(wholeNumber(1, 120, "months")).default(12),
  RETENTION_SPAM_DAYS: optional(wholeNumber(1, 3650, "days")).default(30),
  PRIVACY_CONTROLLER: optional(
    z
      .string()
      .trim()
      .min(2, { error: "must be the company's legal name" })
      .max(200, { error: "must be 200 characters or fewer" }),
  ),
  PRIVACY_ADDRESS: optional(z.string().trim().max(300, { error: "must be 300 characters or fewer" })),
  PRIVACY_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
  PRIVACY_DPO_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
  PRIVACY_AUTHORITY: optional(z.string().trim().max(200, { error: "must be 200 characters or fewer" })),
  PRIVACY_AUTHORITY_URL: optional(httpsUrl),
});

export type PrivacyValues = z.output<typeof PrivacyConfig>;

/**
 * What the pages promise of the data (the privacy notice, the application form's future-openings
 * box), from these variables: they end up in prerendered pages, so a build is valid only for
 * the values it was made with (server/build-info.ts compares them, naming each variable).
 */
export function privacyNotice(env: PrivacyValues & CareersValues & { CONTACT_EMAIL: string }) {
  return {
    retentionInquiryMonths: env.RETENTION_INQUIRY_MONTHS,
    retentionApplicationMonths: env.RETENTION_APPLICATION_MONTHS,
    retentionFutureOpeningsMonths: env.RETENTION_FUTURE_OPENINGS_MONTHS,
    retentionMeetingMonths: env.RETENTION_MEETING_MONTHS,
    retentionSpamDays: env.RETENTION_SPAM_DAYS,
    // Who answers for the data.
    privacyController: env.PRIVACY_CONTROLLER ?? null,
    privacyAddress: env.PRIVACY_ADDRESS ?? null,
    privacyEmail: env.PRIVACY_EMAIL ?? env.CONTACT_EMAIL,
    privacyDpoEmail: env.PRIVACY_DPO_EMAIL ?? null,
    privacyAuthority: env.PRIVACY_AUTHORITY ?? null,
    privacyAuthorityUrl: env.PRIVACY_AUTHORITY_URL ?? null,
  };
}

export type PrivacyNotice = ReturnType<typeof privacyNotice>;

/** The variable each of the notice's values comes from. */
export const privacyNoticeVariables: Record<keyof PrivacyNotice, string> = {
  retentionInquiryMonths: "RETENTION_INQUIRY_MONTHS",
  retentionApplicationMonths: "RETENTION_APPLICATION_MONTHS",
  retentionFutureOpeningsMonths: "RETENTION_FUTURE_OPENINGS_MONTHS",
  retentionMeetingMonths: "RETENTION_MEETING_MONTHS",
  retentionSpamDays: "RETENTION_SPAM_DAYS",
  privacyController: "PRIVACY_CONTROLLER",
  privacyAddress: "PRIVACY_ADDRESS",
  privacyEmail: "PRIVACY_EMAIL",
  privacyDpoEmail: "PRIVACY_DPO_EMAIL",
  privacyAuthority: "PRIVACY_AUTHORITY",
  privacyAuthorityUrl: "PRIVACY_AUTHORITY_URL",
};
