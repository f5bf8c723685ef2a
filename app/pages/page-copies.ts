import type { PageCopy } from "#app/site/page-copy.ts";
import { pages } from "#app/site/pages.ts";
import { about } from "./about-content.ts";
import { download } from "./download-content.ts";
import { features } from "./features-content.ts";
import { home } from "./home-content.ts";
import { login } from "./login-content.ts";
import { proof } from "./proof-content.ts";
import {
  type AboutContent,
  AboutSchema,
  type DownloadContent,
  DownloadSchema,
  type FeaturesContent,
  FeaturesSchema,
  type HomeContent,
  HomeSchema,
  type LoginContent,
  LoginSchema,
  type ProofSectionsCopy,
  ProofSectionsSchema,
} from "./pages-content-schema.ts";

// The content pages whose copy the workspace edits (app/site/page-copy.ts): each page's loader
// reads its copy through these, the workspace makes its forms from them.

export const homeCopy: PageCopy<HomeContent> = {
  page: "home",
  path: pages.home.path,
  schema: HomeSchema,
  original: home,
};
export const aboutCopy: PageCopy<AboutContent> = {
  page: "about",
  path: pages.about.path,
  schema: AboutSchema,
  original: about,
};
export const featuresCopy: PageCopy<FeaturesContent> = {
  page: "features",
  path: pages.features.path,
  schema: FeaturesSchema,
  original: features,
};
export const downloadCopy: PageCopy<DownloadContent> = {
  page: "download",
  path: pages.download.path,
  schema: DownloadSchema,
  original: download,
};
export const loginCopy: PageCopy<LoginContent> = {
  page: "login",
  path: pages.login.path,
  schema: LoginSchema,
  original: login,
};
const { shareImage: _drawnAtPublish, ...caseStudies } = proof.caseStudies;

/** The proof's section titles, on the home and about pages (a case study's share image keeps the module's words). */
export const proofCopy: PageCopy<ProofSectionsCopy> = {
  page: "proof",
  path: pages.home.path,
  schema: ProofSectionsSchema,
  original: { ...proof, caseStudies },
};
