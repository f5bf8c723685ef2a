/**
 * Text with its percent-escapes decoded, or null when one of them is not valid (a link or a
 * cookie cut short in the middle of one): what a visitor's browser sends is never trusted to decode.
 */
export function decodedOrNull(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
