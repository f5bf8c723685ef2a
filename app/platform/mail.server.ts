import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";

// The one way the site sends e-mail. With SMTP_URL it goes to that server; without, each message
// is written as an .eml file under $DATA_DIR/mail/ for developers and tests to read.

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** An invitation (RFC 6047): its iCalendar text goes as the text/calendar part and as an attached .ics. */
  calendar?: CalendarPart | null;
  /** Names the .eml file, so sending the same message again replaces it instead of adding one. */
  fileName: string;
};

export type CalendarPart = { method: "REQUEST" | "CANCEL"; content: string };

/** Marks a message as sent by a program, not a person (RFC 3834 §5; Exchange's own word beside it). */
const automaticHeaders = { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All" } as const;

export type SendEmail = (mail: OutgoingMail) => Promise<void>;

/** The folder of the local outbox (no SMTP_URL): a backup keeps its files. */
export const localMailDir = (dataDir: string) => path.resolve(dataDir, "mail");

/** Where the local outbox (no SMTP_URL) keeps one message: an erasure removes the person's files by it. */
export const localMailFile = (dataDir: string, fileName: string) => path.join(localMailDir(dataDir), `${fileName}.eml`);

/**
 * timeoutMs bounds each wait on the SMTP server (connecting, its greeting, a silent socket): a
 * send must end, one way or the other, well within the outbox lease that guards it.
 */
export function createMailer({
  smtpUrl,
  dataDir,
  timeoutMs,
}: {
  smtpUrl?: string;
  dataDir: string;
  timeoutMs: number;
}): {
  send: SendEmail;
  describe: string;
  close: () => void;
} {
  const message = (mail: OutgoingMail) => ({
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // Every message the site sends is automatic (RFC 3834): well-behaved responders (vacation
    // notices, out-of-office) then send nothing back. Exchange and Outlook read their own header.
    headers: automaticHeaders,
    // Calendar programs read the text/calendar alternative; nodemailer attaches the same text as
    // a file too, for people and webmail, named for what it does.
    ...(mail.calendar && {
      icalEvent: {
        method: mail.calendar.method,
        content: mail.calendar.content,
        filename: mail.calendar.method === "CANCEL" ? "cancel.ics" : "invite.ics",
      },
    }),
  });

  // nodemailer (about 10 MB resident) is loaded when the first message goes out, not at start.
  const lazily = (options: object) => {
    let transport: Promise<Transporter> | undefined;
    return {
      get: () =>
        (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(options))),
      close: () => void transport?.then((created) => created.close()),
    };
  };

  if (smtpUrl) {
    // One pooled connection carries message after message (a new connection per message costs
    // about 100 ms); nodemailer's own requeueing is off, the outbox is the one place that retries.
    const transport = lazily({
      url: smtpUrl,
      pool: true,
      maxConnections: 1,
      maxRequeues: 0,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    const url = new URL(smtpUrl);
    return {
      send: async (mail) => {
        await (await transport.get()).sendMail(message(mail));
      },
      describe: `SMTP server ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
      close: transport.close,
    };
  }

  const outbox = localMailDir(dataDir);
  const transport = lazily({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await (await transport.get()).sendMail(message(mail));
      mkdirSync(outbox, { recursive: true });
      const file = localMailFile(dataDir, mail.fileName);
      // Written whole, then renamed: a reader never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    describe: `files in ${outbox}`,
    close: transport.close,
  };
}
