// Names of the hidden fields every public form carries (checked in app/forms/form-guard.server.ts).
export const honeypotField = "website";
export const startedField = "form-started";
/** The visitor's time zone, as their browser says it (filled by the form's script): their receipt's times are in it. */
export const visitorZoneField = "visitor-zone";
