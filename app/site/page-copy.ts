import type { z } from "zod";
import { FooterSchema } from "./content-schema.ts";
import { pages } from "./pages.ts";
import { site } from "./site-content.ts";

// A page whose copy the team edits in the workspace (issue 51, decision 058): its name, where it
// shows, the schema that checks its copy and makes its form, and its original copy, the typed
// module's (the spec's words: what a new site shows, and what "Back to the original" restores).
export type PageCopy<Copy> = {
  page: string;
  /** The public page that shows it, for the editor's link and its preview. */
  path: string;
  schema: z.ZodType<Copy>;
  original: Copy;
};

/** The footer every page shares. */
export const footerCopy: PageCopy<z.infer<typeof FooterSchema>> = {
  page: "footer",
  path: pages.home.path,
  schema: FooterSchema,
  original: site.footer,
};
