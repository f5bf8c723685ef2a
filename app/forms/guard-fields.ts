// Names of the hidden fields every public form carries (checked in app/forms/form-guard.server.ts).
export const honeypotField = "website";
export const startedField = "form-started";
