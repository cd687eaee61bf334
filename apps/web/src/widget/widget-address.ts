import { WIDGET_PAGE_PREFIX } from '@praxia/shared/public-pages';
import { type Language, pickLanguage } from './i18n';

/** What the widget's address says: /appointment/widget/{therapistId}/{customerId}[?slot={id}][&lang=en]. */
export type WidgetAddress = {
  therapistId: number;
  customerId: number;
  /** A slot offered by a waiting-list mail: its week is shown first. */
  slotId: number | null;
  language: Language;
};

const positiveId = (text: string | null | undefined): number | null =>
  text && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null;

/** The address's parts; null when the ids are missing or not ids (the widget then says the page does not exist). */
export function readWidgetAddress(
  pathname: string,
  search: string,
  browserLanguages: readonly string[],
): { address: WidgetAddress | null; language: Language } {
  const language = pickLanguage(search, browserLanguages);
  const [therapist, customer, ...rest] = pathname.slice(WIDGET_PAGE_PREFIX.length).split('/').filter(Boolean);
  const therapistId = positiveId(therapist);
  const customerId = positiveId(customer);
  if (therapistId === null || customerId === null || rest.length > 0) return { address: null, language };
  const slotId = positiveId(new URLSearchParams(search).get('slot'));
  return { address: { therapistId, customerId, slotId, language }, language };
}
