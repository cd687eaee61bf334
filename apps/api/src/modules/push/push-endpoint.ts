import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { ErrorCode } from '@praxia/shared';
import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../plugins/errors.js';

const SEND_TIMEOUT_MS = 10_000;

/**
 * Whether the server may post to this address: only global unicast. Private, loopback, link-local (the cloud
 * metadata service at 169.254.169.254), unique-local, carrier-grade NAT, reserved and documentation ranges are
 * refused, and so are IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) unless the
 * carried address itself is public (ipaddr.process unwraps the mapped form).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  // IPv6 global unicast is 2000::/3; anything else (the deprecated IPv4-compatible ::a.b.c.d included) is refused.
  return parsed.range() === 'unicast' && parsed.match(ipaddr.parse('2000::'), 3);
}

class PushEndpointRefused extends Error {}

/** The host's addresses, all of them public, or PushEndpointRefused (one private address spoils the name). */
async function publicAddressesOf(hostname: string): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const found = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new PushEndpointRefused(`the push host ${hostname} does not resolve`);
      });
  if (found.length === 0 || !found.every((entry) => isPublicAddress(entry.address))) {
    throw new PushEndpointRefused(`the push host ${hostname} resolves to an address that is not public`);
  }
  return found;
}

const isStandIn = (ctx: AppContext, url: URL) => ctx.config.pushServiceStandIn === url.origin;

const endpointRefused = () =>
  new AppError(ErrorCode.pushEndpointRefused, {
    status: 422,
    detail:
      'Diese Push-Adresse wird nicht angenommen: erlaubt sind nur öffentliche HTTPS-Adressen der Push-Dienste der Browser.',
    fields: { endpoint: ['error.pushEndpointRefused'] },
  });

/** A subscription names a push service's public https endpoint; anything else is refused with 422 before storing. */
export async function assertEndpointAllowed(ctx: AppContext, endpoint: string): Promise<void> {
  const url = new URL(endpoint);
  if (isStandIn(ctx, url)) return;
  if (url.protocol !== 'https:') throw endpointRefused();
  await publicAddressesOf(url.hostname).catch((error: unknown) => {
    throw error instanceof PushEndpointRefused ? endpointRefused() : error;
  });
}

/**
 * The connection's own name lookup checks again what it connects to: DNS may answer otherwise than when the
 * subscription was stored, and the checked address is the one used (no second lookup between check and connect).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  publicAddressesOf(hostname).then(
    (addresses) => {
      if (options.all) callback(null, addresses);
      else {
        const first = addresses.find((entry) => !options.family || entry.family === options.family) ?? addresses[0];
        callback(null, first?.address ?? '', first?.family ?? 4);
      }
    },
    (error: Error) => callback(error, '', 4),
  );
};

/**
 * Posts one push message and answers the push service's status. Never follows a redirect (a 3xx is only a status
 * here), and connects only to public addresses, checked at connect time.
 */
export async function postToPushService(
  ctx: AppContext,
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<number> {
  const url = new URL(endpoint);
  const standIn = isStandIn(ctx, url);
  if (!standIn && url.protocol !== 'https:') throw new PushEndpointRefused('the push endpoint is not https');
  // A name is checked by the connection's lookup; an address literal is connected to without one, so check it here.
  if (!standIn && isIP(url.hostname.replace(/^\[|\]$/g, ''))) await publicAddressesOf(url.hostname);
  const send = standIn ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        timeout: SEND_TIMEOUT_MS,
        ...(standIn ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('the push service did not answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}
