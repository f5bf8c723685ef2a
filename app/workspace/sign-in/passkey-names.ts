// A passkey's name as first offered when it is created: the browser and system it is made on,
// read from the User-Agent ("Chrome on macOS"), which the person can change there or later.

const browsers: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: Array<[RegExp, string]> = [
  [/iPhone|iPad/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Windows/, "Windows"],
  [/Linux/, "Linux"],
];

const first = (list: Array<[RegExp, string]>, text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

/** "Chrome on macOS", "Firefox", or "" when the User-Agent says neither. */
export function suggestedPasskeyName(userAgent: string | null) {
  const browser = first(browsers, userAgent ?? "");
  const system = first(systems, userAgent ?? "");
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? "");
}
