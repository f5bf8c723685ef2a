// Reads an e-mail as a mail program does: its parts, each with its headers and its decoded body,
// so a test checks what the reader gets (the invitation's text/calendar part, the attached .ics).

export type MimePart = { headers: Record<string, string>; body: string };

function splitHead(raw: string) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body: string, encoding: string | undefined) {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    default:
      return body;
  }
}

/** Every leaf part of the message (a message without parts is its own one part). */
export function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHead(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary || !/^multipart\//i.test(headers["content-type"] ?? "")) {
    return [{ headers, body: decode(body, headers["content-transfer-encoding"]) }];
  }
  const pieces = body.split(`--${boundary}`).slice(1);
  // The line break before a boundary belongs to the boundary (RFC 2046).
  return pieces
    .filter((piece) => !piece.startsWith("--"))
    .flatMap((piece) => mimeParts(piece.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
}

/** The header of the whole message, unfolded. */
export const mailHeader = (raw: string, name: string) => splitHead(raw).headers[name.toLowerCase()];
