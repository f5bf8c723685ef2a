import type { ComponentType } from "react";
import islandScripts from "virtual:islands";
import { islandId, islandPropsId } from "./island-ids.ts";
import { useNonce } from "./nonce.ts";

/**
 * A part of a page that React hydrates on its own, with the props it was rendered with, when the
 * visitor first acts (decision 028): the public forms, for checks as the visitor types. The page
 * around it is HTML and CSS only, like the content pages; the island's module,
 * `app/**\/NAME-island.tsx`, calls `hydrateIsland(NAME, component)` with the same component.
 * Props travel as JSON, so they are plain data.
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: string;
  component: ComponentType<Props>;
  props: Props;
}) {
  const nonce = useNonce();
  const scripts = islandScripts[name];
  if (!scripts && import.meta.env.SSR)
    throw new Error(`No island script named "${name}": its module is app/**/${name}-island.tsx`);
  return (
    <>
      {/* `contents`: the island's element adds no box, so its content lays out as if it were not there. */}
      <div id={islandId(name)} className="contents">
        <Component {...props} />
      </div>
      <script
        type="application/json"
        id={islandPropsId(name)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, so it cannot end the script element
        dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replaceAll("<", "\\u003c") }}
      />
      {scripts ? (
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own starter, built from the build's file names
          dangerouslySetInnerHTML={{ __html: islandStarter([...scripts.imports, scripts.entry]) }}
        />
      ) : null}
    </>
  );
}

/** What counts as the visitor's first sign of using the page. */
const firstInteraction = ["pointerdown", "pointermove", "keydown", "focusin", "touchstart"];

/**
 * Until React has hydrated the island (`data-hydrated`), what the visitor does in a form control
 * is the browser's alone: these events stop on their way to React, which would otherwise hydrate,
 * there and then, everything between the island's root and the field in the task of the key press
 * (selective hydration; a key waited 300 ms and more at CPU 4×, decision 025). The fields work
 * natively meanwhile and React reads them as they are.
 */
const shieldedEvents = [
  "keydown",
  "keypress",
  "keyup",
  "beforeinput",
  "textInput",
  "input",
  "change",
  "compositionstart",
  "compositionupdate",
  "compositionend",
  "paste",
  "cut",
  "focusin",
  "focusout",
  "pointerdown",
  "mousedown",
  "pointerup",
  "mouseup",
  "click",
];
const nativeControls = "input:not([type=submit],[type=button],[type=image],[type=reset]),textarea,select,label";

/**
 * The inline script that starts an island: at the visitor's first interaction it fetches the
 * modules, the ones the others import first, each fetch started and each module run in a task of
 * its own (starting a fetch is a call into the browser, 10 ms and more at CPU 4× on a busy page).
 * A visitor who only reads spends nothing on it.
 */
function islandStarter(modules: string[]) {
  return (
    `(()=>{const d=document.documentElement,e=${JSON.stringify(firstInteraction)},` +
    `h=(v)=>{if(!d.hasAttribute("data-hydrated")&&v.target instanceof Element&&v.target.closest(${JSON.stringify(nativeControls)}))v.stopPropagation()};` +
    `for(const t of ${JSON.stringify(shieldedEvents)})addEventListener(t,h,true);` +
    `const y=()=>globalThis.scheduler?.yield?scheduler.yield():new Promise((r)=>setTimeout(r));` +
    `const go=async()=>{for(const t of e)removeEventListener(t,go,true);for(const u of ${JSON.stringify(modules)}){import(u);await y()}};` +
    `for(const t of e)addEventListener(t,go,{capture:true,passive:true})})()`
  ).replaceAll("<", "\\u003c");
}
