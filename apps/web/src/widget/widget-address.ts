import { WIDGET_PAGE_PREFIX } from '@praxia/shared/public-pages';
import { type Language, pickLanguage } from './i18n';

/** What the widget's address says: /appointment/widget/{therapistId}/{customerId}[?slot={id}&date={YYYY-MM-DD}][&lang=en]. */
export type WidgetAddress = {
  therapistId: number;
  customerId: number;
  /** A slot offered by a waiting-list mail: chosen once insurance and type fit it. */
  slotId: number | null;
  /** The offered slot's German date (YYYY-MM-DD): its week is shown first. */
  slotDate: string | null;
  language: Language;
};

const positiveId = (text: string | null | undefined): number | null =>
  text && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null;

const isIsoDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T12:00:00Z`));

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
  const query = new URLSearchParams(search);
  const slotId = positiveId(query.get('slot'));
  const date = query.get('date');
  const slotDate = slotId && date && isIsoDate(date) ? date : null;
  return { address: { therapistId, customerId, slotId, slotDate, language }, language };
}
