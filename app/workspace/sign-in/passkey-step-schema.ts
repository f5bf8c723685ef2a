import { z } from "zod";
import { passkeyNameMaxLength } from "../shell/workspace-limits.ts";

// The two steps of a passkey ceremony as the browser posts them: ask for options, then send the
// authenticator's answer. The answer's inner shape is SimpleWebAuthn's to check.
export const PasskeyStepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    /** What the person calls the new passkey; the server names it by its date when left empty. */
    name: z.string().trim().max(passkeyNameMaxLength).optional(),
    /** The browser's time zone, which a person who has none yet takes as they sign in. */
    zone: z.string().max(64).optional(),
    response: z.looseObject({
      id: z.string().max(1024),
      rawId: z.string().max(1024),
      type: z.literal("public-key"),
      response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
    }),
  }),
]);

/** The step a request posted, or null for anything else (an answer of 400). */
export async function readPasskeyStep(request: Request) {
  const body: unknown = await request.json().catch(() => null);
  const parsed = PasskeyStepSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
