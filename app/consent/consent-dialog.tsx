import { useEffect, useRef } from "react";
import { consent as copy } from "./consent-content.ts";
import { ConsentSettingsForm } from "./consent-settings.tsx";
import { CloseButton } from "#app/ui/button.tsx";

// The cookie settings as a dialog, on a page with JavaScript: loaded when the visitor first opens
// it (consent-manager.tsx), most never do (decision 025).

/** A real modal dialog: focus moves in, Escape closes it, focus goes back where it was. */
export default function ConsentDialog({ open, openings, onClose }: { open: boolean; openings: number; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, openings]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="consent-dialog-title"
      aria-describedby="consent-dialog-text"
      onClose={() => {
        onClose();
        if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) returnFocus.current.focus();
      }}
      className="m-auto max-h-[calc(100dvh-1.5rem)] w-[min(36rem,calc(100%-1.5rem))] overflow-y-auto rounded-panel border border-line bg-raised p-6 text-ink shadow-card backdrop:bg-black/50 sm:p-8"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="consent-dialog-title" className="text-2xl font-extrabold tracking-tight">
          {copy.dialog.title}
        </h2>
        <CloseButton onClick={onClose} label={copy.dialog.close} />
      </div>
      <p id="consent-dialog-text" className="mt-2 mb-6 text-ink-muted">
        {copy.dialog.description}
      </p>
      {open ? <ConsentSettingsForm source="settings" /> : null}
    </dialog>
  );
}

