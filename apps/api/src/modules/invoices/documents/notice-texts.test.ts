import { describe, expect, it } from 'vitest';
import { type NoticeFacts, noticeParagraphs, noticeSalutation, noticeTitle } from './notice-texts.js';

const invoice = { invoiceNumber: '1042', issueDate: '2026-11-25', dueDate: '2026-12-09', totalCents: 123_456 };
const facts = (values: Partial<NoticeFacts> = {}): NoticeFacts => ({
  sentReminders: 0,
  inDefault: false,
  collectionConsent: false,
  ...values,
});
const text = (type: 'reminder' | 'notice', dueDate: string, values: Partial<NoticeFacts> = {}) =>
  noticeParagraphs(type, invoice, dueDate, facts(values)).join(' ');

describe('noticeParagraphs', () => {
  it('the first reminder is polite and names invoice, amount, its due date and the new one', () => {
    const first = text('reminder', '2026-12-23');
    expect(first).toContain('sicher ist es Ihrer Aufmerksamkeit entgangen');
    expect(first).toContain('Rechnung Nr. 1042 vom 25.11.2026 über 1.234,56 €');
    expect(first).toContain('am 09.12.2026 fällig');
    expect(first).toContain('Wir bitten Sie freundlich, den Betrag bis zum 23.12.2026 zu überweisen.');
  });

  it('§286 BGB: no reminder claims default or §288 BGB interest before the default exists', () => {
    for (const sentReminders of [0, 1, 2]) {
      const reminder = text('reminder', '2026-12-30', { sentReminders, inDefault: false });
      expect(reminder).not.toContain('§ 286');
      expect(reminder).not.toContain('§ 288');
      expect(reminder).not.toContain('Verzug');
    }
  });

  it('§286 BGB: once in default a reminder states it with the interest of §288 BGB', () => {
    const firm = text('reminder', '2026-12-30', { sentReminders: 1, inDefault: true });
    expect(firm).toContain('gemäß § 286 BGB in Zahlungsverzug');
    expect(firm).toContain('Verzugszinsen in gesetzlicher Höhe (§ 288 BGB)');
    // Default through §286 Abs.3 BGB before any reminder went out: still polite, but true about the default.
    const first = text('reminder', '2026-12-30', { sentReminders: 0, inDefault: true });
    expect(first).toContain('gemäß § 286 BGB in Zahlungsverzug');
  });

  it('a reminder after a sent one is firmer and speaks of one reminder in the singular, of several in the plural', () => {
    const afterOne = text('reminder', '2026-12-30', { sentReminders: 1 });
    expect(afterOne).toContain('auf unsere Zahlungserinnerung hin');
    expect(afterOne).toContain(
      'Wir bitten Sie nachdrücklich, den offenen Betrag bis spätestens 30.12.2026 zu überweisen.',
    );
    expect(afterOne).not.toContain('Aufmerksamkeit entgangen');
    expect(text('reminder', '2026-12-30', { sentReminders: 2 })).toContain('auf unsere Zahlungserinnerungen hin');
  });

  it('the final notice after one reminder says "Zahlungserinnerung" in the singular, after two in the plural', () => {
    const afterOne = text('notice', '2027-01-06', { sentReminders: 1, inDefault: true });
    expect(afterOne).toContain('trotz unserer Zahlungserinnerung ist');
    expect(afterOne).not.toContain('Zahlungserinnerungen');
    expect(text('notice', '2027-01-06', { sentReminders: 2, inDefault: true })).toContain(
      'trotz unserer Zahlungserinnerungen ist',
    );
  });

  it('the final notice cites the default of §286 BGB and announces the court dunning procedure', () => {
    const final = text('notice', '2027-01-06', { sentReminders: 1, inDefault: true });
    expect(final).toContain('gemäß § 286 BGB in Zahlungsverzug');
    expect(final).toContain('§ 288 BGB');
    expect(final).toContain('letztmalig auf, den offenen Betrag von 1.234,56 € bis zum 06.01.2027 zu überweisen');
    expect(final).toContain('gerichtliches Mahnverfahren');
  });

  it('§203 StGB: the final notice names a collection agency only with the recorded consent', () => {
    expect(text('notice', '2027-01-06', { sentReminders: 1, inDefault: true })).not.toMatch(/Inkasso/);
    expect(text('notice', '2027-01-06', { sentReminders: 1, inDefault: true, collectionConsent: true })).toContain(
      'die Forderung einem Inkassounternehmen übergeben',
    );
  });
});

describe('noticeSalutation', () => {
  const person = { title: null, firstName: 'Maria', lastName: 'Brandt' };
  it.each([
    [{ ...person, salutation: 'Frau' }, 'Sehr geehrte Frau Brandt,'],
    [{ ...person, salutation: 'Frau', title: 'Dr.' }, 'Sehr geehrte Frau Dr. Brandt,'],
    [{ ...person, salutation: 'Herr', firstName: 'Tim', lastName: 'Neumann' }, 'Sehr geehrter Herr Neumann,'],
    [{ ...person, salutation: 'Divers' }, 'Guten Tag Maria Brandt,'],
    [{ ...person, salutation: null }, 'Guten Tag Maria Brandt,'],
    [null, 'Sehr geehrte Damen und Herren,'],
  ])('%o is greeted "%s"', (addressee, expected) => {
    expect(noticeSalutation(addressee)).toBe(expected);
  });
});

describe('noticeTitle', () => {
  it.each([
    ['reminder', 1, 'Zahlungserinnerung'],
    ['reminder', 2, '2. Zahlungserinnerung'],
    ['notice', 3, 'Mahnung'],
  ] as const)('%s number %i is titled %s', (type, number, title) => {
    expect(noticeTitle(type, number)).toBe(title);
  });
});
