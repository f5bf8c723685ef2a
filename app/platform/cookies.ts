/** One cookie's value from a Cookie header (or document.cookie), or null when it is not there. */
export function cookieValue(cookieHeader: string | null | undefined, name: string) {
  const pair = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return pair === undefined ? null : pair.slice(name.length + 1);
}
