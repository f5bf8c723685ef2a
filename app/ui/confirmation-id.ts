/** The confirmation's heading: the answer to a form sent brings the visitor to it (`#confirmation`). */
export const confirmationId = "confirmation";
