import { describe, expect, it } from 'vitest';
import { noticeParagraphs, noticeTitle } from './notice-texts.js';

const invoice = { invoiceNumber: '1042', issueDate: '2026-11-25', dueDate: '2026-12-09', totalCents: 123_456 };

describe('noticeParagraphs', () => {
  it('the first reminder is polite and names invoice, amount, its due date and the new one', () => {
    const text = noticeParagraphs('reminder', 1, invoice, '2026-12-23').join(' ');
    expect(text).toContain('sicher ist es Ihrer Aufmerksamkeit entgangen');
    expect(text).toContain('Rechnung Nr. 1042 vom 25.11.2026 über 1.234,56 €');
    expect(text).toContain('am 09.12.2026 fällig');
    expect(text).toContain('Wir bitten Sie freundlich, den Betrag bis zum 23.12.2026 zu überweisen.');
    expect(text).not.toContain('§ 286');
  });

  it('a second reminder is firmer', () => {
    const text = noticeParagraphs('reminder', 2, invoice, '2026-12-30').join(' ');
    expect(text).toContain('Wir bitten Sie nachdrücklich, den offenen Betrag bis spätestens 30.12.2026 zu überweisen.');
    expect(text).toContain('Rechnung Nr. 1042 vom 25.11.2026 über 1.234,56 €');
    expect(text).not.toContain('Aufmerksamkeit entgangen');
  });

  it('the final notice cites the default of §286 BGB and announces further steps', () => {
    const text = noticeParagraphs('notice', 3, invoice, '2027-01-06').join(' ');
    expect(text).toContain('gemäß § 286 BGB in Zahlungsverzug');
    expect(text).toContain('letztmalig auf, den offenen Betrag von 1.234,56 € bis zum 06.01.2027 zu überweisen');
    expect(text).toContain('gerichtliches Mahnverfahren');
    expect(text).toContain('weitere Schritte einleiten');
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
