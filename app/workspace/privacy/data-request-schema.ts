import { z } from "zod";

/** A person's request, by the e-mail address they used with us. */
export const DataRequestSchema = z.object({ address: z.string().trim().pipe(z.email()) });
