import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PASSWORD = 'Meine-Praxis-2026!';

describe('a newcomer registers a practice', () => {
  it('registers, receives the confirmation mail, confirms and signs in', async () => {
    const page = await stack.newPage('/registrieren');
    await page.getByLabel('Vorname').fill('Hanna');
    await page.getByLabel('Nachname').fill('Vogel');
    await page.getByLabel('E-Mail').fill('hanna.vogel@example.net');
    await page.getByLabel('Telefon').fill('030 5556667');
    await page.getByLabel('Berufsbezeichnung', { exact: true }).click();
    await page.getByRole('option', { name: 'Psychologische:r Psychotherapeut:in' }).click();
    await page.getByLabel('Name der Praxis').fill('Praxis Vogel');
    await page.getByLabel('Straße und Hausnummer').fill('Lindenallee 3');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByRole('button', { name: 'Registrieren' }).click();
    // The terms are required: the spec's message shows and nothing is sent.
    await expectVisible(page.getByText('Dem AV Vertrag muss zugestimmt werden.'));
    await page.getByLabel(/AV-Vertrag/).check();
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expectVisible(page.getByText('Vielen Dank für Ihre Registrierung!'));

    const mail = await stack.smtp.waitForMail('hanna.vogel@example.net');
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Registrierung bei Praxia');
    const link = linkIn(mail, '/registration/confirm/');
    expect(link.startsWith(stack.baseUrl)).toBe(true);

    await page.goto(link);
    await page.waitForURL('**/login');
    await expectVisible(page.getByText('Ihre E-Mail-Adresse wurde bestätigt.', { exact: false }));
    await submitLogin(page, 'hanna.vogel@example.net', PASSWORD);
    await expectVisible(page.locator('[data-testid="nav-logout"]'));
    // A new practice runs its trial: the upgrade item shows next to the others.
    await expectVisible(page.locator('[data-testid="nav-upgrade"]'));
    await expectVisible(page.locator('[data-testid="nav-settings"]'));
    await page.context().close();
  });

  it('answers a taken address with the same success card, and mails its owner instead', async () => {
    const page = await stack.newPage('/registrieren');
    await page.getByLabel('Vorname').fill('Doppelt');
    await page.getByLabel('Nachname').fill('Vorhanden');
    await page.getByLabel('E-Mail').fill('therapeutin@example.org');
    await page.getByLabel('Telefon').fill('030 5556667');
    await page.getByLabel('Berufsbezeichnung', { exact: true }).click();
    await page.getByRole('option', { name: 'Coach / Berater:in' }).click();
    await page.getByLabel('Name der Praxis').fill('Praxis Doppelt');
    await page.getByLabel('Straße und Hausnummer').fill('Weg 1');
    await page.getByLabel('PLZ').fill('20095');
    await page.getByLabel('Ort', { exact: true }).fill('Hamburg');
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
    await page.getByLabel(/AV-Vertrag/).check();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/customer/therapist'));
    await page.getByRole('button', { name: 'Registrieren' }).click();
    expect((await answer).status()).toBe(204);
    // Nothing on the page tells the address apart from a free one; the owner's mailbox gets the notice.
    await expectVisible(page.getByText('Vielen Dank für Ihre Registrierung!'));
    await expectVisible(
      page.getByText('Wir haben Ihnen eine E-Mail an therapeutin@example.org gesendet.', { exact: false }),
    );
    expect(await page.getByText('Diese E-Mail-Adresse wird bereits verwendet.').count()).toBe(0);
    const notice = await stack.smtp.waitForMail('therapeutin@example.org', 10_000, (mail) =>
      mail.subject.startsWith('Ihre E-Mail-Adresse wurde'),
    );
    expect(notice.text).not.toContain('/registration/confirm/');
    await page.context().close();
  });
});
