import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { caseStudyShareImagePath } from "#app/site/pages.ts";
import { type ShareCard, shareImageFor, shareImageResponse } from "#app/site/share-image.server.ts";
import { proof } from "./proof-content.ts";
import type { ProofEntry } from "./proof-fields.ts";
import { getProofEntry } from "./proof.server.ts";

// A case study's share image (decision 063), drawn from the case study as it is published and
// named by the picture. A case study has no page of its own (it is a section of the home page):
// the workspace shows its image's address, for the team to share it with. Only a published case
// study's current picture is answered: an unpublished one's words never leave.

type CaseStudy = ProofEntry<"case-study">;

/** What a case study's share image says: "Case study · {client}" over its title. */
export const caseStudyShareCard = (entry: CaseStudy): ShareCard => ({
  label: `${proof.caseStudies.shareImage.label} · ${entry.fields.client}`,
  title: entry.fields.title,
});

/** A case study's share image: its address (within the site), size and text. */
export const caseStudyShareImage = (entry: CaseStudy) =>
  shareImageFor(caseStudyShareCard(entry), (file) => caseStudyShareImagePath(entry.id, file), {
    template: proof.caseStudies.shareImage.alt,
    values: { title: entry.fields.title, client: entry.fields.client },
  });

const isPublishedCaseStudy = (entry: ProofEntry | null): entry is CaseStudy =>
  entry?.kind === "case-study" && entry.published;

/** The answer at a case study's share image address: its PNG while it is published and `file` is its picture, else null. */
export async function caseStudyShareImageFile(db: Kysely<Schema>, id: string, file: string) {
  const entry = await getProofEntry(db, id);
  return shareImageResponse(isPublishedCaseStudy(entry) ? caseStudyShareCard(entry) : null, file);
}
