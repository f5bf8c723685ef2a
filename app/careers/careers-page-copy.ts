import type { PageCopy } from "#app/site/page-copy.ts";
import { pages } from "#app/site/pages.ts";
import { careers } from "./careers-content.ts";
import { type CareersPageContent, CareersPageSchema } from "./careers-content-schema.ts";

/** The careers page's own copy, edited in the workspace (app/site/page-copy.ts). */
export const careersCopy: PageCopy<CareersPageContent> = {
  page: "careers",
  path: pages.careers.path,
  schema: CareersPageSchema,
  original: {
    meta: careers.meta,
    intro: careers.intro,
    reasons: careers.reasons,
    benefits: careers.benefits,
    culture: careers.culture,
    openings: careers.openings,
    generalApplication: careers.generalApplication,
  },
};
