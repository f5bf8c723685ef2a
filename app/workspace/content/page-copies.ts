import { careersCopy } from "#app/careers/careers-page-copy.ts";
import { contactCopy } from "#app/contact/contact-page-copy.ts";
import { aboutCopy, downloadCopy, featuresCopy, homeCopy, loginCopy, proofCopy } from "#app/pages/page-copies.ts";
import { footerCopy, type PageCopy } from "#app/site/page-copy.ts";

// Every page whose copy the workspace edits, in the order the Pages list shows them: each one's
// schema makes its form (copy-form.ts) and checks what is saved, its original is the spec's copy.
export const editablePages: ReadonlyArray<PageCopy<unknown>> = [
  homeCopy,
  aboutCopy,
  featuresCopy,
  careersCopy,
  contactCopy,
  downloadCopy,
  loginCopy,
  proofCopy,
  footerCopy,
] as ReadonlyArray<PageCopy<unknown>>;

export const editablePage = (page: string | undefined) => editablePages.find((entry) => entry.page === page) ?? null;
