import { expect, test } from "vitest";
import { markdownToHtml } from "#app/careers/markdown.server.ts";
import { postingsEditor } from "#app/workspace/content/postings-content.ts";

// The description field's help says what the page keeps and drops (issue 46): each claim, checked
// against the renderer and sanitiser the page uses.

const help = postingsEditor.form.fields.descriptionHint;

test("the help names what is kept, and it is kept", () => {
  expect(help).toContain("## headings, - lists, [links](https://…), *emphasis* and **strong**");
  expect(markdownToHtml("## Duties\n\n- *one*\n- **two** and [site](https://example.com)")).toBe(
    '<h2>Duties</h2>\n<ul>\n<li><em>one</em></li>\n<li><strong>two</strong> and <a href="https://example.com">site</a></li>\n</ul>',
  );
});

test("other Markdown keeps only its text", () => {
  expect(help).toContain("Other Markdown keeps only its text");
  expect(markdownToHtml("> Quoted words")).toBe("<p>Quoted words</p>");
  expect(markdownToHtml("`code` here")).toBe("<p>code here</p>");
});

test("HTML tags are removed with their text kept; a script or a style goes whole, and so do images", () => {
  expect(help).toContain(
    "HTML tags are removed, keeping their text, and a script or style is removed whole, as are images",
  );
  expect(markdownToHtml("Hello <b>bold</b> <span onclick=x>there</span>")).toBe("<p>Hello bold there</p>");
  // A raw <script> line, as the issue tried: nothing of it stays.
  expect(markdownToHtml("Before\n\n<script>alert('posting')</script>\n\nAfter")).toBe("<p>Before</p>\n<p>After</p>");
  expect(markdownToHtml("<style>p{color:red}</style>\n\nText")).toBe("<p>Text</p>");
  expect(markdownToHtml("![A chart](https://example.com/chart.png)")).toBe("<p></p>");
});
