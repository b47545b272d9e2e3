// Every fetch of the build goes to public hosts only, each redirect too (download.ts): neither a
// catalog record (a book's pdfUrl) nor an upstream's redirect may make the builder read its own
// loopback, private network or a cloud's metadata service (169.254.169.254). The operator names a
// private upstream explicitly (options.ts: --private-upstream, --allow-private-hosts).
//
// The check is made where the connection is: the socket connects only to an address the check
// passed (fetchPublic's lookup). Checking a name and then letting fetch resolve it again would
// let a host whose DNS answers change (DNS rebinding) pass with a public address and then be
// reached at a private one.

import dns, { type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
// The same fetch as Node's own (Node 20 bundles undici 6), with a dispatcher of our own.
import { Agent, fetch as undiciFetch, type RequestInit } from 'undici';
import { KhojError } from '../../src/core/errors.ts';

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

/** A host the build will not fetch from: KhojError 'not-public', its message naming the address (and the host, for a name). */
const refusal = (host: string, why: string) => new KhojError('not-public', ipaddr.isValid(host) ? why : `${host}: ${why}`);

/** Throws KhojError 'not-public' unless every address the URL's host resolves to is public (a clear error before any connection). */
export async function checkPublicHost(url: string): Promise<void> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) {
    const why = notPublic(host);
    if (why) throw refusal(host, why);
    return;
  }
  let addresses: string[];
  try {
    addresses = (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return; // not resolved now: the connection's own look-up (checkingLookup) says why, or refuses
  }
  for (const a of addresses) {
    const why = notPublic(a);
    if (why) throw refusal(host, why);
  }
}

export const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/**
 * Resolves as the system does (node:dns, read at each call), then refuses the connection unless
 * every address is public; the socket connects to the addresses checked here, never to a second
 * answer.
 */
const checkingLookup: LookupFunction = (hostname, options, callback) => {
  dns.promises.lookup(hostname, { all: true, ...(options.family ? { family: options.family } : {}) }).then(
    (addresses: LookupAddress[]) => {
      for (const a of addresses) {
        const why = notPublic(a.address);
        if (why) return callback(refusal(hostname, why) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    },
    (e: NodeJS.ErrnoException) => callback(e, '', 0),
  );
};

let agent: Agent | undefined;

/**
 * fetch, to public hosts only: an address literal is checked here, a name at connection time
 * (checkingLookup). A refusal is thrown as KhojError 'not-public'.
 */
export async function fetchPublic(url: string, init: RequestInit): Promise<Response> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) {
    const why = notPublic(host);
    if (why) throw refusal(host, why);
  }
  agent ??= new Agent({ connect: { lookup: checkingLookup } });
  try {
    return (await undiciFetch(url, { ...init, dispatcher: agent })) as unknown as Response;
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    throw KhojError.is(cause, 'not-public') ? cause : e;
  }
}
