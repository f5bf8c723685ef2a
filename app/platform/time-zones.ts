// Time zones by the names the IANA tz database gives them today. The runtimes' own data (ICU,
// which follows CLDR's first alias) still lists some zones under names the database replaced:
// Intl.supportedValuesOf("timeZone") gives "Asia/Calcutta", and Chromium and Node report a device
// in Kolkata as "Asia/Calcutta" (Firefox says "Asia/Kolkata"). Both names keep working wherever a
// zone arrives; what people see and choose is the current one.

/**
 * The old names a runtime still gives, each with the zone's current IANA name. Taken from the tz
 * database's `backward` file (2026 release): its links for a city renamed or respelled
 * ("Link Asia/Kolkata Asia/Calcutta") and for the 1995 move of Argentina's and the US's zones to
 * three-part names. A link the database made to another country's zone (Asmera, Coral Harbour,
 * Ponape, Truk) keeps its own country's name, as ECMA-402 and CLDR do: `backward`'s "#=" target,
 * or the zone.tab line that names the place. Checked against this runtime in
 * tests/unit/time-zones.test.ts; a name no runtime lists any more can stay: it costs nothing.
 */
export const renamedZones = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
} as const satisfies Record<string, string>;

/**
 * Whether `zone` is an IANA time zone name this runtime knows ("Europe/Berlin", "UTC"; fixed
 * offsets like +01:00 are not names): the one check for a zone that arrives from a form, a
 * browser or the configuration. Bounded, since it comes from outside.
 */
export function isTimeZoneName(zone: string) {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

type RenamedZone = keyof typeof renamedZones;
const isRenamed = (zone: string): zone is RenamedZone => Object.hasOwn(renamedZones, zone);

/** A zone by its current IANA name: "Asia/Kolkata" for "Asia/Calcutta"; any other name as it is. */
export const currentZoneName = (zone: string): string => (isRenamed(zone) ? renamedZones[zone] : zone);

/** Every name a zone goes by here: its current one first, then the old ones a browser may report. */
export const zoneAliases = (zone: string): string[] => {
  const current = currentZoneName(zone);
  return [current, ...Object.keys(renamedZones).filter((old) => renamedZones[old as RenamedZone] === current)];
};

let choices: readonly string[] | null = null;

/** The runtime's zones by their current names, sorted, each once (the list is the runtime's: worked out once). */
export function zoneChoices(): readonly string[] {
  choices ??= [...new Set(Intl.supportedValuesOf("timeZone").map(currentZoneName))].sort();
  return choices;
}

/** A zone a form or a browser sent (anything), by its current name when it is one (isTimeZoneName); otherwise null. */
export const knownZone = (value: unknown): string | null =>
  typeof value === "string" && isTimeZoneName(value) ? currentZoneName(value) : null;
