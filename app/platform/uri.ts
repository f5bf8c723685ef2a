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

/** A path without trailing slashes, the one spelling of a page's address ("/" and "//" are "/"). */
export function withoutTrailingSlash(path: string) {
  return path.endsWith("/") ? path.replace(/(.)\/+$/, "$1") : path;
}

/** A request target's path, without its query string. */
export function pathOf(url: string) {
  const queryStart = url.indexOf("?");
  return queryStart === -1 ? url : url.slice(0, queryStart);
}
