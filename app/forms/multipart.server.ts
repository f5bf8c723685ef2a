import { Readable } from "node:stream";
import busboy from "busboy";
import { cleanFileName } from "./file-names.ts";

// Reads a multipart/form-data body as a stream with limits, into a FormData that the same zod
// schema as the browser's can validate. Files over the limits are dropped (their text fields
// kept) so the form can be shown again with a clear error instead of being lost. Each file's
// name is cleaned here, as it arrives (file-names.ts), so the rest only ever sees clean names.

export type UploadLimits = {
  maxFiles: number;
  maxTotalFileBytes: number;
  /** Beyond this many bytes the body is not read any further. */
  maxBodyBytes: number;
  maxFieldBytes: number;
  maxFields: number;
};

export type ParsedForm = {
  formData: FormData;
  /** Why files were dropped, if they were; too many files is said first, even when they are also too large. */
  fileProblem: "too-many-files" | "too-large" | null;
  /** The body went past maxBodyBytes: nothing after that point was read. */
  truncated: boolean;
};

export class MalformedFormError extends Error {}

/**
 * The most a file form's body may carry: its files' documented total, and a megabyte for the
 * fields and the multipart framing. Beyond it the server stops reading (server/body-limit.ts).
 */
export const uploadBodyBytes = (maxTotalFileBytes: number) => maxTotalFileBytes + 1024 * 1024;

export async function parseMultipartForm(request: Request, limits: UploadLimits): Promise<ParsedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body) throw new MalformedFormError("The form was sent without a body.");
  if (!contentType.startsWith("multipart/form-data")) {
    // A plain urlencoded post (no files) is parsed by the platform.
    try {
      return { formData: await request.formData(), fileProblem: null, truncated: false };
    } catch {
      throw new MalformedFormError("The form could not be read.");
    }
  }

  const formData = new FormData();
  let fileProblem: ParsedForm["fileProblem"] = null;
  let truncated = false;
  let fileCount = 0;
  let fileBytes = 0;
  let bodyBytes = 0;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fieldSize: limits.maxFieldBytes,
        fields: limits.maxFields,
        files: limits.maxFiles + 1,
        parts: limits.maxFields + limits.maxFiles + 1,
      },
      defParamCharset: "utf8",
      preservePath: true, // see the name as sent, so a forged path is refused rather than trimmed
    });
  } catch {
    // A Content-Type busboy cannot use (multipart without its boundary): the sender's error.
    throw new MalformedFormError("The form could not be read.");
  }
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);

  await new Promise<void>((resolve, reject) => {
    // The rest of a refused body is read and dropped rather than cut off, so the client reliably
    // gets its answer (and the web stream underneath is never left half-closed).
    const fail = (error: Error) => {
      source.unpipe(parser);
      source.resume();
      reject(error instanceof MalformedFormError ? error : new MalformedFormError("The form could not be read."));
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return; // over the field limit: dropped, the schema reports it missing
      // Bytes that are not UTF-8 decode to U+FFFD: a browser never sends them, a forged request does.
      if (value.includes("\uFFFD"))
        return fail(new MalformedFormError("The form contains text that is not valid UTF-8."));
      formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      // A body that ends inside a file (cut off, or forged) errs on the file's stream too: without
      // a listener, that error would stop the whole server.
      stream.on("error", fail);
      const chunks: Buffer[] = [];
      const filename = info.filename;
      if (!filename) {
        stream.resume(); // an empty file input
        return;
      }
      fileCount += 1;
      // Browsers send a file's own name; a folder in it is a forged request.
      if (/[\\/]|^\.\.?$/.test(filename) || filename.includes("\uFFFD")) {
        stream.resume();
        return fail(new MalformedFormError("A file name contains a folder or characters we cannot accept."));
      }
      // The visitor can fix the count at once; choosing smaller files comes after.
      if (fileCount > limits.maxFiles) fileProblem = "too-many-files";
      stream.on("data", (chunk: Buffer) => {
        fileBytes += chunk.length;
        if (fileBytes > limits.maxTotalFileBytes) fileProblem ??= "too-large";
        if (fileProblem)
          chunks.length = 0; // dropped anyway (below): no need to hold them meanwhile
        else chunks.push(chunk);
      });
      stream.on("end", () => {
        if (!fileProblem)
          formData.append(name, new File([Buffer.concat(chunks)], cleanFileName(filename), { type: info.mimeType }));
      });
    });
    parser.on("error", fail);
    parser.on("close", resolve);
    source.on("data", (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limits.maxBodyBytes && !truncated) {
        // Stop parsing; the rest of the body is read and dropped, so the client gets its answer.
        truncated = true;
        source.unpipe(parser);
        source.resume();
        resolve();
      }
    });
    source.on("error", fail);
    source.pipe(parser);
  });

  if (fileProblem) {
    // Files that arrived before the limit was crossed are dropped too: the visitor chooses again.
    for (const [name, value] of [...formData.entries()]) if (value instanceof File) formData.delete(name);
  }
  return { formData, fileProblem, truncated };
}
