import { hydrateIsland } from "#app/site/island-hydration.tsx";
import { MarkdownEditor } from "./markdown-editor.tsx";

hydrateIsland("markdown-editor", MarkdownEditor);
