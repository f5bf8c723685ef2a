// The description's HTML is sanitized on the server (markdown.server.ts): only headings, lists,
// links and emphasis, styled as the rest of the page. A module of its own so the workspace's
// Markdown editor, an island, takes these classes without the posting's page (and React Router's
// Link with it) in its script.

/** How a description's HTML is laid out: its page, and the workspace editor's preview beside the Markdown. */
export const descriptionClasses =
  "mt-6 space-y-4 [&_a]:font-semibold [&_a]:text-brand [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-extrabold [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h4]:mt-6 [&_h4]:font-bold [&_ol]:list-decimal [&_ol]:space-y-3 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-3 [&_ul]:pl-6 [&_li]:marker:text-brand";
