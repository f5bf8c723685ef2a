// The lists the postings editor chooses from (decision 061): every currency the runtime's Intl
// knows (ISO 4217, named in English), and every country or territory it names (ISO 3166 codes).
// Read from Intl rather than kept by hand, so the lists follow the runtime's CLDR data.

export type Choice = { value: string; label: string };

const currencyNames = new Intl.DisplayNames("en", { type: "currency" });
const regionNames = new Intl.DisplayNames("en", { type: "region", fallback: "none" });

/**
 * Codes Intl names that are no country or territory where someone lives and works: groupings,
 * pseudo-regions, uninhabited places, and the reserved codes of islands within another country.
 */
const notCountries = new Set("EU EZ UN QO XA XB ZZ AQ BV HM TF UM AC CP CQ DG EA IC TA".split(" "));

/** A current code: Intl names old ones too (BU for Myanmar, UK for GB), which it replaces by the new. */
const isCurrent = (code: string) => Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;

let currencies: Choice[] | undefined;
/** "USD: US Dollar", by code. */
export function currencyChoices(): Choice[] {
  currencies ??= Intl.supportedValuesOf("currency").map((code) => ({
    value: code,
    label: `${code}: ${currencyNames.of(code) ?? code}`,
  }));
  return currencies;
}

let countries: Array<{ code: string; name: string }> | undefined;
/** Every two-letter region code Intl names, by name. */
function allCountries() {
  if (!countries) {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const found: Array<{ code: string; name: string }> = [];
    for (const first of letters)
      for (const second of letters) {
        const code = first + second;
        const name = notCountries.has(code) || !isCurrent(code) ? undefined : regionNames.of(code);
        if (name && name !== code) found.push({ code, name });
      }
    countries = found.sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return countries;
}

/** Countries by name, their ISO code as the value: "Germany" → DE. */
export const countryCodeChoices = (): Choice[] =>
  allCountries().map(({ code, name }) => ({ value: code, label: name }));

/** Countries by name, the name as the value (where a remote role may be held, as JobPosting names it). */
export const countryNameChoices = (): Choice[] => allCountries().map(({ name }) => ({ value: name, label: name }));

/** The choices with `current` among them: a value stored before the list (or outside it) stays choosable. */
export function withCurrent(choices: Choice[], current: string): Choice[] {
  if (!current || choices.some((choice) => choice.value === current)) return choices;
  return [{ value: current, label: current }, ...choices];
}
