import { describe, expect, it } from 'vitest';
import { messageKey, pickLanguage, translator } from './i18n';
import { readWidgetAddress } from './widget-address';

describe('pickLanguage', () => {
  it('is German unless ?lang=en or the browser prefers English to German', () => {
    expect(pickLanguage('', [])).toBe('de');
    expect(pickLanguage('?lang=en', ['de-DE'])).toBe('en');
    expect(pickLanguage('?lang=de', ['en-US'])).toBe('de');
    expect(pickLanguage('', ['en-GB', 'de'])).toBe('en');
    expect(pickLanguage('', ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(pickLanguage('?lang=fr', ['fr-FR'])).toBe('de');
  });
});

describe('translator', () => {
  it('fills the parameters, in both languages', () => {
    const params = { weekday: 'Mo', date: '13.04.2026', time: '09:00' };
    expect(translator('de')('slotAt', params)).toBe('Mo, 13.04.2026 um 09:00 Uhr');
    expect(translator('en')('slotAt', { ...params, weekday: 'Mon' })).toBe('Mon, 13.04.2026 at 09:00');
  });

  it('has the spec’s booking error text', () => {
    expect(translator('de')('bookingError')).toBe(
      'Termin konnte nicht gebucht werden, bitte wählen Sie einen anderen Termin aus',
    );
  });
});

describe('messageKey', () => {
  it('reads known server keys, says "invalid" for unknown ones and asks a checkbox to be ticked', () => {
    expect(messageKey('error.max80Signs')).toBe('error.max80Signs');
    expect(messageKey('error.somethingNew')).toBe('error.invalidValue');
    expect(messageKey('title')).toBe('error.invalidValue');
    expect(messageKey('error.required', true)).toBe('error.acceptRequired');
  });
});

describe('readWidgetAddress', () => {
  it('reads therapist, practice, the offered slot and the language', () => {
    expect(readWidgetAddress('/appointment/widget/12/3', '?slot=77&lang=en', ['de'])).toEqual({
      address: { therapistId: 12, customerId: 3, slotId: 77, slotDate: null, language: 'en' },
      language: 'en',
    });
    expect(readWidgetAddress('/appointment/widget/12/3/', '?slot=x', [])?.address?.slotId).toBeNull();
    expect(readWidgetAddress('/appointment/widget/12/3', '?slot=7&date=2026-12-07', [])?.address?.slotDate).toBe(
      '2026-12-07',
    );
    expect(readWidgetAddress('/appointment/widget/12/3', '?slot=7&date=07.12.2026', [])?.address?.slotDate).toBeNull();
  });

  it('has no address for missing or malformed ids', () => {
    for (const path of [
      '/appointment/widget/',
      '/appointment/widget/12',
      '/appointment/widget/a/3',
      '/appointment/widget/0/3',
      '/appointment/widget/1/2/3',
    ]) {
      expect(readWidgetAddress(path, '', []).address, path).toBeNull();
    }
  });
});
