import { listConsentRecords } from "#app/consent/consent.server.ts";
import type { Command } from "./command.ts";

/** `consents [--format json]`: the recorded cookie choices (proof of consent). */
export const consents: Command = async ({ db, options }) => {
  const records = await listConsentRecords(db);
  if (options.format === "json") process.stdout.write(`${JSON.stringify(records, null, 2)}\n`);
  else if (records.length === 0) console.log("No cookie choices recorded yet.");
  else
    for (const record of records)
      console.log(
        [
          record.createdAt,
          record.consentId,
          `revision ${record.revision}`,
          record.categories.join("+"),
          record.source,
        ].join("  "),
      );
};
