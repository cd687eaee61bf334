// Link tokens travel in paths and queries; request logs must never carry them (security.md).
const TOKEN_PATHS = [
  /(\/api\/user\/password\/)[^/?#]+/,
  /(\/api\/user\/confirm-registration\/)[^/?#]+/,
  /(\/password\/set\/)[^/?#]+/,
  /(\/email\/set\/)[^/?#]+/,
  /(\/registration\/confirm\/)[^/?#]+/,
];
const TOKEN_QUERY = /([?&]token=)[^&#]*/g;

/** The URL with link tokens replaced by "***". */
export function redactUrl(url: string): string {
  let redacted = url.replace(TOKEN_QUERY, '$1***');
  for (const pattern of TOKEN_PATHS) redacted = redacted.replace(pattern, '$1***');
  return redacted;
}

type LoggedRequest = { method: string; url: string; ip?: string; id?: string };

export const requestLogSerializers = {
  req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), id: request.id }),
};
