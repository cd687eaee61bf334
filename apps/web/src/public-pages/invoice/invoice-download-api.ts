import type { InvoiceDeliveryInfo } from '@praxia/shared/invoices/invoice-sending-schemas';

// Plain fetch without the session cookie: the page is opened from an e-mail and must stay small.

export type DeliveryLoad =
  | { kind: 'ok'; info: InvoiceDeliveryInfo }
  | { kind: 'unknown' }
  | { kind: 'locked' }
  | { kind: 'failed' };

const base = (token: string) => `/api/invoice-delivery/${encodeURIComponent(token)}`;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** The error answer's code (`error.…`), if it has one. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** A link locked for good after too many codes or wrong tries (410 with its own code, unlike an expired code). */
const isLocked = async (response: Response) =>
  response.status === 410 && (await errorCodeOf(response)) === 'error.invoiceLinkLocked';

/** The link's practice, document and masked mobile; unknown and expired links answer 404 alike. */
export async function loadDelivery(token: string): Promise<DeliveryLoad> {
  try {
    const response = await fetch(base(token), { credentials: 'omit' });
    if (response.ok) return { kind: 'ok', info: (await response.json()) as InvoiceDeliveryInfo };
    if (await isLocked(response)) return { kind: 'locked' };
    return response.status === 404 || response.status === 422 ? { kind: 'unknown' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export type CodeRequestResult = 'sent' | 'tooSoon' | 'rateLimited' | 'locked' | 'unavailable' | 'unknown' | 'failed';

export async function requestCode(token: string): Promise<CodeRequestResult> {
  try {
    const response = await fetch(`${base(token)}/code`, { method: 'POST', credentials: 'omit' });
    if (response.ok) return 'sent';
    // One a minute per link answers its own code; the per-link and per-network limits answer error.tooManyRequests.
    if (response.status === 429)
      return (await errorCodeOf(response)) === 'error.invoiceCodeTooSoon' ? 'tooSoon' : 'rateLimited';
    if (await isLocked(response)) return 'locked';
    if (response.status === 503) return 'unavailable';
    return response.status === 404 ? 'unknown' : 'failed';
  } catch {
    return 'failed';
  }
}

export type DownloadResult =
  | { kind: 'file'; blob: Blob; fileName: string }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'expired' | 'locked' | 'rateLimited' | 'unknown' | 'failed' };

/** The file name from `filename*=UTF-8''…` (or the plain one) of the answer's Content-Disposition. */
function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'Rechnung.pdf';
}

export async function downloadWithCode(token: string, code: string): Promise<DownloadResult> {
  try {
    const response = await fetch(`${base(token)}/download`, {
      method: 'POST',
      credentials: 'omit',
      headers: JSON_HEADERS,
      body: JSON.stringify({ code }),
    });
    if (response.ok) {
      return {
        kind: 'file',
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    }
    if (response.status === 422) {
      const body = (await response.json()) as { params?: { triesLeft?: string } };
      return { kind: 'wrong', triesLeft: Number(body.params?.triesLeft ?? 0) };
    }
    if (response.status === 410) return { kind: (await isLocked(response)) ? 'locked' : 'expired' };
    if (response.status === 429) return { kind: 'rateLimited' };
    return response.status === 404 ? { kind: 'unknown' } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** Hands the PDF to the browser as a download with its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
