import { formatPracticeDate, formatPracticeDateTime, PRACTICE_TIME_ZONE } from '@praxia/shared/dates';
import type { Language } from './i18n';

// The platform's Intl in the practice's zone: the visitor's own zone must not move a slot to another day or hour.
const weekdays: Record<Language, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: PRACTICE_TIME_ZONE }),
  en: new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: PRACTICE_TIME_ZONE }),
};

/** 'Mo', 'Di' … (German abbreviations without the dot) or 'Mon', 'Tue' …. */
export const weekdayShort = (instant: Date | string, language: Language): string =>
  weekdays[language].format(new Date(instant)).replace(/\.$/, '');

/** 'DD.MM.YYYY' in German time, in both languages (ui.md). */
export const dateText = (instant: Date | string): string => formatPracticeDate(instant);

/** 'DD.MM.' for a day's column. */
export const dayMonthText = (instant: Date | string): string => formatPracticeDate(instant).slice(0, 6);

/** 'HH:mm' in German time. */
export const timeText = (instant: Date | string): string => formatPracticeDateTime(instant).slice(11);
