// The visitor's mark for counting unique visitors (issue 34): HalfSipHash-2-4 (Aumasson and
// Bernstein's keyed hash for 32-bit words, from the SipHash reference code) of the User-Agent and
// the client's address, keyed by the day's salt. A keyed hash and not a plain one: once the salt
// is deleted, nobody can test an address and a User-Agent against a day's marks, not even with
// their own visit in hand. Its 32 bits are cut to 30 (a small integer for V8: sets of them stay
// cheap), so marks are not unique: two of 10,000 visitors a day share one with a chance of 5 %
// (a day's count low by 0.05 visitors on average), and a mark matches about one in a billion
// guesses.
//
// Strings are hashed as their UTF-16 code units, two bytes each, little-endian. The User-Agent
// comes first, preceded by its length and padded to whole 32-bit words, so its state is worked
// out once per User-Agent and day and each address after it costs a few rounds.

/** HalfSipHash's state after the key and whole words of a message. */
export type HashState = {
  readonly v0: number;
  readonly v1: number;
  readonly v2: number;
  readonly v3: number;
  readonly bytes: number;
};

/** The state after the 64-bit key (two little-endian words). */
export const keyed = (k0: number, k1: number): HashState => ({
  v0: k0 | 0,
  v1: k1 | 0,
  v2: 0x6c796765 ^ k0,
  v3: 0x74656462 ^ k1,
  bytes: 0,
});

/** The key a day's salt (base64url, at least 8 bytes) gives. */
export function keyOfSalt(salt: string) {
  const bytes = Buffer.from(salt, "base64url");
  return keyed(bytes.readInt32LE(0), bytes.readInt32LE(4));
}

/**
 * HalfSipHash-2-4 from `state` over `text`'s code units, two to a word. Not `last`: an odd last
 * unit is padded with a zero unit, and the state after is returned. `last`: the last block (the
 * message's length in bytes in its top byte, an odd last unit's two bytes) and the four final
 * rounds follow, and the 32-bit hash is returned. One loop on local variables: it is the flush's
 * inner loop (once per visitor met), where module variables would cost a load and a store each.
 */
function absorb(state: HashState, text: string, last: boolean): HashState | number {
  let { v0, v1, v2, v3 } = state;
  const length = text.length;
  let index = 0;
  let word = 0;
  let rounds = 0;
  for (;;) {
    if (rounds === 0) {
      if (index + 1 < length) {
        word = text.charCodeAt(index) | (text.charCodeAt(index + 1) << 16);
        index += 2;
      } else if (index < length || (last && index === length)) {
        const unit = index < length ? text.charCodeAt(index) : 0;
        word = last ? ((state.bytes + 2 * length) << 24) | unit : unit;
        index = length + 1;
      } else if (last && index === length + 1) {
        v2 ^= 0xff;
        word = 0;
        index = length + 2;
        rounds = 4;
      } else break;
      if (rounds === 0) {
        v3 ^= word;
        rounds = 2;
      }
    }
    v0 = (v0 + v1) | 0;
    v1 = ((v1 << 5) | (v1 >>> 27)) ^ v0;
    v0 = (v0 << 16) | (v0 >>> 16);
    v2 = (v2 + v3) | 0;
    v3 = ((v3 << 8) | (v3 >>> 24)) ^ v2;
    v0 = (v0 + v3) | 0;
    v3 = ((v3 << 7) | (v3 >>> 25)) ^ v0;
    v2 = (v2 + v1) | 0;
    v1 = ((v1 << 13) | (v1 >>> 19)) ^ v2;
    v2 = (v2 << 16) | (v2 >>> 16);
    rounds -= 1;
    if (rounds === 0) v0 ^= word;
  }
  return last ? (v1 ^ v3) >>> 0 : { v0, v1, v2, v3, bytes: state.bytes + 4 * Math.ceil(length / 2) };
}

/** The state after `text` as a prefix: its length (one word), then its code units padded to whole words. */
export const withPrefix = (state: HashState, text: string) =>
  absorb(state, String.fromCharCode(text.length & 0xffff, text.length >>> 16) + text, false) as HashState;

/** The 32-bit hash of what `state` holds followed by `text`'s code units (HalfSipHash-2-4, 32-bit output). */
export const finish = (state: HashState, text: string) => absorb(state, text, true) as number;

/** A visitor's mark on a day: 30 bits of the hash of their User-Agent's state (`withPrefix`) and their address. */
export const visitorMark = (agent: HashState, address: string) => finish(agent, address) & 0x3fffffff;
