const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML, for e-mails built from what visitors typed. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}
