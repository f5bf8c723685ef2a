import { type IncomingHttpHeaders, request } from "node:http";

export type ChunkedAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** How many bytes of the body had been handed to the connection when the answer began. */
  sentWhenAnswered: number;
};

/**
 * POSTs `head` and then filler up to `totalBytes` in chunks, without a Content-Length (as a
 * client streaming a body of unknown length does), as fast as the connection takes them, and
 * stops sending once the answer begins. Resolves with the answer and how much had been sent by
 * then; rejects if the connection fails before any answer.
 */
export function sendChunked(
  url: string,
  { headers, head = "", totalBytes }: { headers: Record<string, string>; head?: string; totalBytes: number },
) {
  return new Promise<ChunkedAnswer>((resolve, reject) => {
    const filler = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers: { ...headers, "Transfer-Encoding": "chunked" } });
    req.on("error", (error) => {
      if (!answered) reject(error); // after the answer, the server closing the connection is expected
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (text: string) => (body += text));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentWhenAnswered });
      });
      res.on("error", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentWhenAnswered }));
    });
    const write = () => {
      while (!answered && sent < totalBytes) {
        const piece =
          sent === 0 && head ? Buffer.from(head) : filler.subarray(0, Math.min(filler.length, totalBytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}
