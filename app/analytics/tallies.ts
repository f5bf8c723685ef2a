// A day's counts as the flush writes them and the dashboard and the rollup read them. The flush
// writes, per day, the values it met (pages, referring sites, campaigns, devices) and one record
// per combination counted: its views, its visits and the values' indexes, packed as little-endian
// 32-bit integers (a few writes per combination, no numbers turned into text on the answers'
// thread). Reading adds the records of every flush, of one instance or many, into tallies: per
// dimension and value, the views and the visits summed.
//
// Rows written before decision 042 hold a visitor's mark where a record now holds its visits (a
// keyed hash of their address and User-Agent under a daily salt): read, each distinct mark of a
// day counts one visit, so the days a deploy spans keep their figures.

/** What a day's totals are per: the whole day, a page, a referring site, a campaign, a device, a form's submissions. */
export type Dimension = "total" | "page" | "referrer" | "campaign" | "device" | "submissions";

/** A value's views and visits; `visitors`: the marks of rows written before decision 042, a visit each. */
export type Tally = { views: number; visits: number; visitors: Set<number> };

/** A tally's visits: those counted, and one per visitor's mark of older rows. */
export const visitsOf = (tally: Tally) => tally.visits + tally.visitors.size;

/** A day's tallies: dimension → value → tally. */
export type DayTallies = Map<Dimension, Map<string, Tally>>;

/** The value under `key` in `map`, worked out by `make` when missing. */
export function remembered<K, V>(map: Map<K, V>, key: K, make: () => V) {
  let found = map.get(key);
  if (found === undefined && !map.has(key)) {
    found = make();
    map.set(key, found);
  }
  return found as V;
}

/** The tally of `value` in `dimension`, made when missing. */
export const tallyOf = (tallies: DayTallies, dimension: Dimension, value: string) =>
  remembered(
    remembered(tallies, dimension, () => new Map()),
    value,
    (): Tally => ({ views: 0, visits: 0, visitors: new Set() }),
  );

/** A campaign's value: its source, medium and name, as JSON (any of them may be missing). */
export const campaignValue = (source: string | null, medium: string | null, campaign: string | null) =>
  JSON.stringify([source ?? "", medium ?? "", campaign ?? ""]);

/** The dimensions a record names a value of, in its order. */
const recorded = ["page", "referrer", "campaign", "device"] as const;
type Recorded = (typeof recorded)[number];
/** A record: views, visits, then an index per recorded dimension (-1: none). */
const recordInts = 2 + recorded.length;
const recordBytes = 4 * recordInts;

/** `visits`: the records' second integer is their visits (rows before decision 042 have a visitor's mark there, -1 for none). */
type Stored = { values: Record<Recorded, string[]>; records: string; visits?: true };

/** Whether this machine's integers are little-endian, as the records are stored (a typed array writes the machine's order). */
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** A flush's counts of one day, as they are gathered: `capacity` records at most. */
export function dayBatch(capacity: number) {
  const indexes = Object.fromEntries(recorded.map((dimension) => [dimension, new Map<string, number>()])) as Record<
    Recorded,
    Map<string, number>
  >;
  // A typed array: a record's six stores are plain stores, where Buffer's writeInt32LE checked each.
  const records = new Int32Array(capacity * recordInts);
  let length = 0;
  let views = 0;
  return {
    /** The index of `value` in `dimension`, given once per flush and value. */
    index(dimension: Recorded, value: string) {
      const values = indexes[dimension];
      return remembered(values, value, () => values.size);
    },
    add(count: number, visits: number, page: number, referrer: number, campaign: number, device: number) {
      const at = length * recordInts;
      records[at] = count;
      records[at + 1] = visits;
      records[at + 2] = page;
      records[at + 3] = referrer;
      records[at + 4] = campaign;
      records[at + 5] = device;
      length += 1;
      views += count;
    },
    get views() {
      return views;
    },
    /** As stored: JSON of the values and the records (base64). */
    stored() {
      const values = Object.fromEntries(
        recorded.map((dimension) => [dimension, [...indexes[dimension].keys()]]),
      ) as Stored["values"];
      const bytes = Buffer.from(records.buffer, records.byteOffset, length * recordBytes);
      const packed = littleEndian ? bytes : Buffer.from(bytes).swap32();
      return JSON.stringify({ values, records: packed.toString("base64"), visits: true } satisfies Stored);
    },
  };
}

/** Adds a flush's stored counts (`dayBatch().stored()`) into `tallies`. */
export function addStoredTallies(tallies: DayTallies, text: string) {
  const { values, records: packed, visits: withVisits } = JSON.parse(text) as Stored;
  const records = Buffer.from(packed, "base64");
  const total = tallyOf(tallies, "total", "");
  const tallied = recorded.map((dimension) => values[dimension].map((value) => tallyOf(tallies, dimension, value)));
  for (let offset = 0; offset + recordBytes <= records.length; offset += recordBytes) {
    const views = records.readInt32LE(offset);
    const second = records.readInt32LE(offset + 4);
    const add = (tally: Tally) => {
      tally.views += views;
      if (withVisits) tally.visits += second;
      else if (second >= 0) tally.visitors.add(second);
    };
    add(total);
    for (let dimension = 0; dimension < recorded.length; dimension += 1) {
      const index = records.readInt32LE(offset + 8 + 4 * dimension);
      if (index >= 0) add(tallied[dimension]?.[index] as Tally);
    }
  }
}
