// How long the workspace's own text fields may be: the server's schemas check these and the
// inputs carry them (maxLength), so the two cannot differ.

/** The team's note on a submission. */
export const noteMaxLength = 5000;
/** The inbox's search. */
export const searchMaxLength = 200;
/** What a person calls one of their passkeys ("Work laptop"). */
export const passkeyNameMaxLength = 60;
/** A reply's subject and message sent from an inquiry's page. */
export const replySubjectMaxLength = 200;
export const replyMessageMaxLength = 20_000;
