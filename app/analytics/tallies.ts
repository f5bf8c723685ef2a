// A day's counts as the flush writes them and the dashboard and the rollup read them. The flush
// writes, per day, the values it met (pages, referring sites, campaigns, devices) and one record
// per combination counted: its views, its visits and the values' indexes, packed as little-endian
// 32-bit integers (a few writes per combination, no numbers turned into text on the answers'
// thread). Reading adds the records of every flush, of one instance or many, into tallies: per
// dimension and value, the views and the visits summed.
//
// Bounded whatever is sent (decision 048): a flush keeps at most `keptValues` values of each
// dimension, those with the most views; the others are folded into one value, `otherValue`, and
// their records merged, so a flush of 50,000 made-up Referers writes at most 101 referring sites.

/** What a day's totals are per: the whole day, a page, a referring site, a campaign, a device, a form's submissions. */
export type Dimension = "total" | "page" | "referrer" | "campaign" | "device" | "submissions";

/** A value's views and visits. */
export type Tally = { views: number; visits: number };

/** A day's tallies: dimension → value → tally. */
export type DayTallies = Map<Dimension, Map<string, Tally>>;

/** How many values of a dimension a flush's row and a day's totals keep; the rest are folded into `otherValue`. */
export const keptValues = 100;
/**
 * The value the others of a dimension are folded into: no value is empty (a page is a path, a
 * referring site a host, a campaign a JSON array, a device a name), so "" is no real one.
 */
export const otherValue = "";

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
    (): Tally => ({ views: 0, visits: 0 }),
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

/**
 * `visits: true`: the records' second integer is their visits. Every row says so: the version
 * before decision 048, reading a row without it, would take the visits for visitors' marks, and a
 * rolled-back instance must read these rows right.
 */
type Stored = { values: Record<Recorded, string[]>; records: string; visits: true };

/** Whether this machine's integers are little-endian, as the records are stored (a typed array writes the machine's order). */
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The records with each dimension's values past the `keptValues` most viewed folded into one,
 * `otherValue`, and the records that then name the same values merged: the values as kept, and
 * the records. Untouched (no copy) when no dimension has more.
 */
function foldRecords(values: Record<Recorded, string[]>, records: Int32Array) {
  if (recorded.every((dimension) => values[dimension].length <= keptValues)) return { values, records };
  // Per dimension, each value's new index: the kept ones in their order, the others one index past them.
  const newIndex = recorded.map((dimension, at) => {
    const count = values[dimension].length;
    if (count <= keptValues) return Int32Array.from({ length: count }, (_, index) => index);
    const views = new Float64Array(count);
    for (let offset = 0; offset < records.length; offset += recordInts) {
      const index = records[offset + 2 + at] as number;
      if (index >= 0) views[index] = (views[index] as number) + (records[offset] as number);
    }
    // The most viewed first; among equals, the first met.
    const order = Array.from({ length: count }, (_, index) => index).sort(
      (a, b) => (views[b] as number) - (views[a] as number) || a - b,
    );
    const mapped = new Int32Array(count).fill(keptValues);
    for (const [rank, index] of order.slice(0, keptValues).entries()) mapped[index] = rank;
    return mapped;
  });
  const keptOf = (dimension: Recorded, at: number) => {
    const all = values[dimension];
    if (all.length <= keptValues) return all;
    const kept = new Array<string>(keptValues + 1);
    const mapped = newIndex[at] as Int32Array;
    for (let index = 0; index < all.length; index += 1) {
      const rank = mapped[index] as number;
      if (rank < keptValues) kept[rank] = all[index] as string;
    }
    kept[keptValues] = otherValue;
    return kept;
  };
  const folded = Object.fromEntries(recorded.map((dimension, at) => [dimension, keptOf(dimension, at)])) as Record<
    Recorded,
    string[]
  >;
  // Records naming the same values after folding are merged: one per distinct combination.
  const merged = new Map<string, number>();
  const out: number[] = [];
  for (let offset = 0; offset < records.length; offset += recordInts) {
    const indexes = recorded.map((_, at) => {
      const index = records[offset + 2 + at] as number;
      return index < 0 ? -1 : ((newIndex[at] as Int32Array)[index] as number);
    });
    const key = indexes.join(",");
    const found = merged.get(key);
    if (found !== undefined) {
      out[found] = (out[found] as number) + (records[offset] as number);
      out[found + 1] = (out[found + 1] as number) + (records[offset + 1] as number);
    } else {
      merged.set(key, out.length);
      out.push(records[offset] as number, records[offset + 1] as number, ...indexes);
    }
  }
  return { values: folded, records: Int32Array.from(out) };
}

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
    /** As stored: JSON of the values and the records (base64), each dimension's values folded past `keptValues`. */
    stored() {
      const met = Object.fromEntries(
        recorded.map((dimension) => [dimension, [...indexes[dimension].keys()]]),
      ) as Stored["values"];
      const folded = foldRecords(met, records.subarray(0, length * recordInts));
      const bytes = Buffer.from(folded.records.buffer, folded.records.byteOffset, folded.records.byteLength);
      const packed = littleEndian ? bytes : Buffer.from(bytes).swap32();
      return JSON.stringify({
        values: folded.values,
        records: packed.toString("base64"),
        visits: true,
      } satisfies Stored);
    },
  };
}

/** Adds a flush's stored counts (`dayBatch().stored()`) into `tallies`. */
export function addStoredTallies(tallies: DayTallies, text: string) {
  const { values, records: packed } = JSON.parse(text) as Stored;
  const records = Buffer.from(packed, "base64");
  const total = tallyOf(tallies, "total", "");
  const tallied = recorded.map((dimension) => values[dimension].map((value) => tallyOf(tallies, dimension, value)));
  for (let offset = 0; offset + recordBytes <= records.length; offset += recordBytes) {
    const views = records.readInt32LE(offset);
    const visits = records.readInt32LE(offset + 4);
    total.views += views;
    total.visits += visits;
    for (let dimension = 0; dimension < recorded.length; dimension += 1) {
      const index = records.readInt32LE(offset + 8 + 4 * dimension);
      if (index < 0) continue;
      const tally = tallied[dimension]?.[index] as Tally;
      tally.views += views;
      tally.visits += visits;
    }
  }
}

/**
 * A day's tallies with each dimension's values past the `keptValues` most viewed folded into
 * `otherValue` (the rollup stores a day so: at most keptValues + 1 rows per dimension and day).
 */
export function foldDay(tallies: DayTallies) {
  for (const [dimension, values] of tallies) {
    if (dimension === "total" || dimension === "submissions" || values.size <= keptValues) continue;
    const ranked = [...values].sort(([a, x], [b, y]) => y.views - x.views || (a < b ? -1 : a > b ? 1 : 0));
    const other: Tally = { views: 0, visits: 0 };
    const kept = new Map<string, Tally>();
    for (const [value, tally] of ranked) {
      if (kept.size < keptValues && value !== otherValue) kept.set(value, tally);
      else {
        other.views += tally.views;
        other.visits += tally.visits;
      }
    }
    kept.set(otherValue, other);
    tallies.set(dimension, kept);
  }
  return tallies;
}

/**
 * Many flushes' rows of one day as one (the same format): their records added up per combination
 * of values, each dimension folded past `keptValues` as a flush folds it. The dashboard then reads
 * a day not rolled up yet (today) from a few rows, not from one per flush.
 */
export function mergedTallies(texts: readonly string[]) {
  const indexes = Object.fromEntries(recorded.map((dimension) => [dimension, new Map<string, number>()])) as Record<
    Recorded,
    Map<string, number>
  >;
  const combinations = new Map<string, number[]>();
  for (const text of texts) {
    const { values, records: packed } = JSON.parse(text) as Stored;
    const records = Buffer.from(packed, "base64");
    // Each row's own indexes, as the merged row numbers its values.
    const mapped = recorded.map((dimension) =>
      values[dimension].map((value) => remembered(indexes[dimension], value, () => indexes[dimension].size)),
    );
    for (let offset = 0; offset + recordBytes <= records.length; offset += recordBytes) {
      const at = recorded.map((_, dimension) => {
        const index = records.readInt32LE(offset + 8 + 4 * dimension);
        return index < 0 ? -1 : (mapped[dimension]?.[index] as number);
      });
      const record = remembered(combinations, at.join(","), () => [0, 0, ...at]);
      record[0] = (record[0] as number) + records.readInt32LE(offset);
      record[1] = (record[1] as number) + records.readInt32LE(offset + 4);
    }
  }
  const values = Object.fromEntries(recorded.map((dimension) => [dimension, [...indexes[dimension].keys()]])) as Record<
    Recorded,
    string[]
  >;
  const folded = foldRecords(values, Int32Array.from([...combinations.values()].flat()));
  const bytes = Buffer.from(folded.records.buffer, folded.records.byteOffset, folded.records.byteLength);
  const packed = littleEndian ? bytes : Buffer.from(bytes).swap32();
  return JSON.stringify({ values: folded.values, records: packed.toString("base64"), visits: true } satisfies Stored);
}
