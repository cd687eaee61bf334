/**
 * The peer of the connection itself, not request.ip: with TRUST_PROXY that is taken from X-Forwarded-For, which a
 * client behind the proxy writes. A request relayed by a proxy on this machine still counts as loopback; the
 * development pages are for a developer's own machine.
 */
export const isLoopback = (address: string | undefined) =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
