import { SMTPServer } from "smtp-server";

export type ReceivedMail = { messageId: string; raw: string };

const messageIdOf = (raw: string) => raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() ?? "";

/**
 * A real SMTP server on a loopback port, recording what it accepts. `hold()` makes it stop
 * answering at the end of each message: the sender waits, and the message is never accepted
 * (a sender that dies meanwhile has delivered nothing, as with a real mail server).
 */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  let holding = false;
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true, // no DNS on a closed network
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = { messageId: messageIdOf(raw), raw };
        if (holding) return void held.push(mail);
        received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    received,
    held,
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    hold: () => {
      holding = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
