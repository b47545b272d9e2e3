// Remote fetches of URLs found in the data (a book's pdfUrl) go to public hosts only: a
// catalog record must not make the builder read its own loopback or private network.

import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Why an address is not public, or undefined when it is. */
export function notPublic(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return `"${address}" is not an IP address`;
  }
  const range = ip.range();
  return range === 'unicast' ? undefined : `${address} is a ${range} address`;
}

/** Throws unless every address the URL's host resolves to is public. */
export async function checkPublicHost(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  for (const a of addresses) {
    const why = notPublic(a);
    if (why) throw new Error(`${host}: ${why}; only public hosts are fetched (--allow-private-hosts allows others)`);
  }
}
