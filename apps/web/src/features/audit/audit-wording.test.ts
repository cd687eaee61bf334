import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '@praxia/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../../../../packages/shared/src/i18n/de.json' with { type: 'json' };
import en from '../../../../../packages/shared/src/i18n/en.json' with { type: 'json' };
import { auditEventText } from './audit-wording';

async function translator(language: 'de' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { de: { translation: de }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('auditEventText', () => {
  it('says what happened to what, in German and in English', async () => {
    const [{ t: tDe }, { t: tEn }] = [await translator('de'), await translator('en')];
    expect(auditEventText(tDe, { action: 'read', resource: 'appointment' })).toBe('Termin gelesen');
    expect(auditEventText(tEn, { action: 'read', resource: 'appointment' })).toBe('Appointment read');
    expect(auditEventText(tDe, { action: 'share', resource: 'document' })).toBe('Freigabe für Dokument geändert');
    expect(auditEventText(tDe, { action: 'join', resource: 'videoSession' })).toBe('Videosprechstunde betreten');
  });

  it.each(['de', 'en'] as const)('words every action on every resource in %s, never a raw key', async (language) => {
    const i18n = await translator(language);
    const unworded = [
      ...AUDIT_ACTIONS.filter((action) => !i18n.exists(`audit.actions.${action}`)),
      ...AUDIT_RESOURCES.filter((resource) => !i18n.exists(`audit.resources.${resource}`)),
    ];
    expect(unworded).toEqual([]);
    for (const action of AUDIT_ACTIONS) {
      for (const resource of AUDIT_RESOURCES) {
        const text = auditEventText(i18n.t, { action, resource });
        expect(text).toContain(i18n.t(`audit.resources.${resource}`));
        expect(text).not.toMatch(/\{\{|audit\./);
      }
    }
  });

  it('shows a value the catalogue does not know as stored', async () => {
    const { t } = await translator('de');
    expect(auditEventText(t, { action: 'archive', resource: 'letter' })).toBe('letter archive');
  });
});
