import { enableWebhook as enable } from "#app/webhooks/delivery.server.ts";
import type { Command } from "./command.ts";

/** `enable-webhook NAME`: sends to an endpoint that answered 410 Gone again. */
export const enableWebhook: Command = async ({ db, args }) => {
  const name = args[0] as string;
  console.log(
    (await enable(db, name))
      ? `The endpoint ${name} is enabled again. Send what it missed with: npm run submissions -- redeliver ID`
      : `The endpoint ${name} was not disabled.`,
  );
};
