import { expect, test } from "vitest";
import { memoByString } from "#server/memo.ts";
import { preferredEncoding } from "#server/precompressed.ts";

const both = { br: true, gzip: true };

test("brotli is preferred whenever the client takes it, whatever its order; q=0 refuses a coding", () => {
  expect(preferredEncoding("gzip, deflate, br, zstd", both)).toBe("br");
  expect(preferredEncoding("gzip", both)).toBe("gzip");
  expect(preferredEncoding("br;q=0, gzip;q=0.5", both)).toBe("gzip");
  expect(preferredEncoding("*", both)).toBe("br");
  expect(preferredEncoding("*;q=0, identity", both)).toBeNull();
  expect(preferredEncoding(undefined, both)).toBeNull();
  expect(preferredEncoding("", both)).toBeNull();
});

test("a coding the file has no copy in is never chosen, for a header answered before or not", () => {
  expect(preferredEncoding("gzip, br", { br: false, gzip: true })).toBe("gzip");
  expect(preferredEncoding("gzip, br", { br: false, gzip: false })).toBeNull();
  expect(preferredEncoding("gzip, br", both)).toBe("br");
});

test("a remembered answer is the answer, and the memory stays within its limit", () => {
  const asked: string[] = [];
  const length = memoByString((value) => {
    asked.push(value);
    return value.length;
  }, 2);
  expect([length("a"), length("bb"), length("a")]).toEqual([1, 2, 1]);
  expect(asked).toEqual(["a", "bb"]);
  // Full: the next new value starts over, and every value still gets its own answer.
  expect([length("ccc"), length("a"), length("ccc")]).toEqual([3, 1, 3]);
  expect(asked).toEqual(["a", "bb", "ccc", "a"]);
  // A value longer than any browser sends is answered each time, never kept.
  const long = "x".repeat(2000);
  expect([length(long), length(long), length("a")]).toEqual([2000, 2000, 1]);
  expect(asked).toEqual(["a", "bb", "ccc", "a", long, long]);
});
