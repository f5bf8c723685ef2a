import { z } from "zod";
import { optional, wholeNumber } from "#app/platform/env.ts";

// The backups' variables (issue 49, docs/backups.md), validated at start-up with the rest of the
// configuration (app/config.ts).

export const BackupsConfig = z.object({
  // Where the daily backups and the list of erasures go; unset: no scheduled backups. Best on
  // another disk than DATA_DIR, so that one lost disk never takes both.
  BACKUP_DIR: optional(z.string().min(1)),
  // How many daily backups are kept; older ones are deleted once a new one has been checked.
  BACKUP_KEEP: optional(wholeNumber(1, 366, "backups")).default(14),
});
