import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// A posting's description is Markdown limited to headings, lists, links and emphasis. `marked`
// turns it into HTML and `sanitize-html` keeps only those elements (and a link's address when it
// is http, https or mailto): raw HTML, scripts, images, event handlers and `javascript:` links
// come out as plain text or not at all. Server only: the HTML is in the rendered page, and no
// Markdown code goes to the browser.

const marked = new Marked({ gfm: true, breaks: false, async: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ["h2", "h3", "h4", "p", "ul", "ol", "li", "a", "em", "strong", "br"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The page's title is its only h1: a description's headings start one level below.
  transformTags: { h1: "h2", h5: "h4", h6: "h4" },
  // Elements not allowed leave their text; scripts and styles leave nothing.
  disallowedTagsMode: "discard",
};

/** A description's Markdown as the sanitized HTML the posting's page shows. */
export function markdownToHtml(markdown: string) {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, allowed).trim();
}
