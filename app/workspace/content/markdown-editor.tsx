import { useEffect, useRef, useState } from "react";
import { descriptionClasses } from "#app/careers/description-classes.ts";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";

// A posting's description: the Markdown, and beside it (below it on a phone) the HTML the
// posting's page will show, made by the page's own renderer and sanitiser on the server
// (app/careers/markdown.server.ts). Without JavaScript, "Update preview" posts the form and the
// page comes back with everything typed and the preview made. Hydrated as an island
// (markdown-editor-island.tsx), it asks the server for the preview as the editor types.

export type MarkdownEditorProps = {
  id: string;
  name: string;
  label: string;
  hint: string;
  errorId?: string;
  errors?: string[];
  maxLength: number;
  value: string;
  /** The preview of `value`, sanitized on the server. */
  html: string;
  previewUrl: string;
  text: { title: string; update: string; empty: string; failed: string };
};

/** How long typing pauses before the preview is asked for. */
const pauseMs = 300;

export function MarkdownEditor(props: MarkdownEditorProps) {
  const { id, name, label, hint, errorId, errors, maxLength, value, previewUrl, text } = props;
  const [html, setHtml] = useState(props.html);
  const [live, setLive] = useState(false);
  const [failed, setFailed] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(0);

  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const number = ++asked.current;
      // Urlencoded, as every small workspace form is sent (server/body-limit.ts).
      const body = new URLSearchParams({ markdown: textarea.current?.value ?? "" });
      try {
        const response = await fetch(previewUrl, { method: "POST", body, credentials: "same-origin" });
        if (!response.ok) throw new Error(String(response.status));
        const answer = (await response.json()) as { html: string };
        // Only the latest question's answer: an earlier one may arrive after it.
        if (number === asked.current) {
          setHtml(answer.html);
          setFailed(false);
        }
      } catch {
        if (number === asked.current) setFailed(true);
      }
    }, pauseMs);
  };

  // Hydrated: the preview follows the typing, and what was typed before is previewed now. Until
  // the page is marked hydrated (when the browser is next idle), the field's events stop before
  // React (app/site/island.tsx): what is typed meanwhile is previewed once the mark is set.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run once; `refresh` reads the textarea as it is then
  useEffect(() => {
    setLive(true);
    const previewTyped = () => {
      if ((textarea.current?.value ?? value) !== value) refresh();
    };
    const marked = new MutationObserver(() => {
      marked.disconnect();
      previewTyped();
    });
    if (!document.documentElement.hasAttribute("data-hydrated"))
      marked.observe(document.documentElement, { attributeFilter: ["data-hydrated"] });
    previewTyped();
    return () => {
      marked.disconnect();
      clearTimeout(timer.current);
    };
  }, []);

  return (
    <div className="grid gap-5 sm:col-span-2 lg:grid-cols-2">
      <Field id={id} errorId={errorId} errors={errors} label={label} hint={hint} required>
        {(control) => (
          <textarea
            {...control}
            ref={textarea}
            name={name}
            defaultValue={value}
            rows={18}
            required
            maxLength={maxLength}
            onInput={refresh}
            className={`${control.className} font-mono text-sm`}
          />
        )}
      </Field>
      <div className="min-w-0">
        {/* A heading of the form's level under the page's h1: the preview's own headings are h2 to h4. */}
        <h2 id={`${id}-preview-title`} className="mb-1.5 text-base font-semibold">
          {text.title}
        </h2>
        {/* Focusable, so that a keyboard scrolls a long preview too. */}
        <section
          aria-labelledby={`${id}-preview-title`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="max-h-[32rem] overflow-y-auto rounded-control border border-line bg-canvas px-4 py-1"
        >
          {html ? (
            <div
              className={descriptionClasses}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (markdown.server.ts)
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ) : (
            <p className="my-3 text-ink-muted">{text.empty}</p>
          )}
        </section>
        {failed ? (
          <p role="status" className="mt-1.5 text-sm font-semibold text-danger">
            {text.failed}
          </p>
        ) : null}
        {live ? null : (
          <Button type="submit" name="intent" value="preview" variant="secondary" formNoValidate className="mt-3">
            {text.update}
          </Button>
        )}
      </div>
    </div>
  );
}
