import type { FastifyRequest } from 'fastify';

/**
 * The peer of the connection itself, not request.ip: with TRUST_PROXY that is taken from X-Forwarded-For, which a
 * client behind the proxy writes. A request relayed by a proxy on this machine still counts as loopback; the
 * development pages are for a developer's own machine.
 */
const isLoopback = (address: string | undefined) =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;

const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the Host header names this installation (PUBLIC_URL's host) or this machine. A loopback peer alone is not
 * enough: a page on another site can rebind its own name to 127.0.0.1 and then read the answer as same-origin, but
 * its requests still carry that other name.
 */
export function namesThisHost(hostHeader: string | undefined, publicUrl: string): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  return LOCAL_HOST_NAMES.has(hostname) || hostname === new URL(publicUrl).hostname;
}

/** The development pages (codes and links in plain) answer only this machine, addressed by a name of its own. */
export const isDevelopmentCaller = (request: FastifyRequest, publicUrl: string) =>
  isLoopback(request.socket.remoteAddress) && namesThisHost(request.headers.host, publicUrl);
