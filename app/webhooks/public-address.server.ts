import { isIPv4, isIPv6 } from "node:net";

// Whether an IP address is on the public internet: a webhook must never reach this machine or
// the company's network (server-side request forgery), whatever name points there. IPv4-mapped,
// 6to4 and NAT64 IPv6 addresses are judged by the IPv4 address they carry.

type Range = [network: number[], bits: number];

const v4 = (text: string) => text.split(".").map(Number);

const privateV4: Range[] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local (cloud metadata services)
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relays
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

/** The 16 bytes of an IPv6 address (a zone, `%eth0`, left out). */
function v6Bytes(text: string) {
  let address = text.split("%")[0] ?? "";
  const dotted = address.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    const [a, b, c, d] = v4(dotted) as [number, number, number, number];
    address = `${address.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const all = [...start, ...Array(8 - start.length - end.length).fill(0), ...end] as number[];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

function within(bytes: number[], [network, bits]: Range) {
  for (let bit = 0; bit < bits; bit += 1) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((network[byte] ?? 0) & mask)) return false;
  }
  return true;
}

const isPublicV4 = (bytes: number[]) => !privateV4.some((range) => within(bytes, range));

const prefix = (text: string, bits: number): Range => [v6Bytes(text), bits];
const mappedV4 = prefix("::ffff:0:0", 96);
const nat64 = prefix("64:ff9b::", 96);
const sixToFour = prefix("2002::", 16);
const globalUnicast = prefix("2000::", 3);
const privateV6InGlobal: Range[] = [
  prefix("2001::", 23), // IETF protocol assignments (Teredo, ORCHID…)
  prefix("2001:db8::", 32), // documentation
  prefix("3fff::", 20), // documentation
];

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicV4(v4(address));
  if (!isIPv6(address)) return false;
  const bytes = v6Bytes(address);
  if (within(bytes, mappedV4) || within(bytes, nat64)) return isPublicV4(bytes.slice(12));
  if (within(bytes, sixToFour)) return isPublicV4(bytes.slice(2, 6));
  // Loopback, unspecified, unique local (fc00::/7), link-local, multicast: all outside 2000::/3.
  return within(bytes, globalUnicast) && !privateV6InGlobal.some((range) => within(bytes, range));
}
