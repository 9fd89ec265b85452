import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

// Addresses a link must never lead the server to (server-side request forgery): this host, the
// private networks, link-local (169.254.169.254 is the cloud metadata service), unique-local IPv6,
// and the special ranges no public site lives on. Companion's own guard (its `allowLocalUrls`
// option, off) refuses every non-unicast address at connect time, for redirects too; this list
// gives the widget a clear message before Companion is asked.
const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** True when an IP address is loopback, private, link-local, metadata or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare) ?? /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
  if (mapped) {
    const v4 =
      mapped.length === 2
        ? mapped[1]!
        : [
            parseInt(mapped[1]!, 16) >> 8,
            parseInt(mapped[1]!, 16) & 255,
            parseInt(mapped[2]!, 16) >> 8,
            parseInt(mapped[2]!, 16) & 255,
          ].join(".");
    return blocked.check(v4, "ipv4");
  }
  return blocked.check(bare, "ipv6");
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");
const isLoopback = (address: string) =>
  net.isIP(address) === 4
    ? LOOPBACK.check(address, "ipv4")
    : LOOPBACK.check(address, "ipv6") || /^::ffff:127\./i.test(address);

export class PrivateAddressError extends Error {}

/** The link's host name has no address we could look up: nothing is fetched from it. */
export class UnknownHostError extends Error {}

/** Whether an address may be fetched: public ones always, loopback only under the test-only setting. */
const refused = (address: string, allowLoopback: boolean) =>
  isPrivateAddress(address) && !(allowLoopback && isLoopback(address));

/**
 * Follow a link's redirects (HEAD, at most 5 hops, 5 s each) and throw PrivateAddressError when
 * any hop is, or resolves to, a refused address. Each connection goes to the address that was
 * checked (no second look-up a rebinding name could answer differently). Any other failure is
 * not ours to report: the fetch that follows fails on its own.
 */
export async function checkLinkAddresses(link: URL, allowLoopback: boolean): Promise<void> {
  let url = link;
  for (let hop = 0; hop < 6; hop += 1) {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    let addresses: { address: string; family: number }[] = [];
    if (net.isIP(host)) {
      if (refused(host, allowLoopback)) throw new PrivateAddressError(host);
    } else {
      try {
        addresses = await dns.lookup(host, { all: true, verbatim: true });
      } catch {
        // Refused, not left to the fetch: its own look-up could answer otherwise (DNS rebinding).
        throw new UnknownHostError(host);
      }
      const bad = addresses.find(({ address }) => refused(address, allowLoopback));
      if (bad) throw new PrivateAddressError(bad.address);
    }
    const location = await headLocation(url, addresses);
    if (!location) return;
    try {
      url = new URL(location, url);
    } catch {
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
  }
}

/** The Location of a redirect answer to HEAD, or null (not a redirect, or no answer). */
function headLocation(url: URL, addresses: { address: string; family: number }[]): Promise<string | null> {
  // Connect only to the addresses checked above.
  const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Promise((resolve) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "HEAD",
        timeout: 5_000,
        headers: { "user-agent": "DragonGrid-LinkCheck" },
        ...(addresses.length ? { lookup: lookup as never } : {}),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(
          status >= 300 && status < 400 && typeof response.headers.location === "string"
            ? response.headers.location
            : null,
        );
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(null));
    request.end();
  });
}
