/** The booking widget's embed code for one therapist in one practice (spec people §9: 410 × 365 px). */
export function iframeSnippet(origin: string, therapistId: number, customerId: number): string {
  return `<iframe src="${origin}/appointment/widget/${therapistId}/${customerId}" width="410" height="365" style="border:0" title="Online-Terminbuchung"></iframe>`;
}

export type IframeLink = { customerId: number; label: string | null; snippet: string };

/** One link per practice of a therapist; the practice name labels each only when there are several. */
export function iframeLinks(
  origin: string,
  therapistId: number,
  customers: { id: number; name: string }[],
): IframeLink[] {
  return customers.map((customer) => ({
    customerId: customer.id,
    label: customers.length > 1 ? customer.name : null,
    snippet: iframeSnippet(origin, therapistId, customer.id),
  }));
}
