import { Role } from '@praxia/shared';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, userCustomers, users } from '../../apps/api/src/db/schema.js';
import { hashPassword } from '../../apps/api/src/lib/passwords.js';
import { insertUser } from '../../apps/api/src/modules/users/users.repo.js';
import { linkIn } from '../../apps/api/test/smtp-capture.js';
import { expectScreenAccessible } from '../support/screen-checks.js';
import { DEMO_PASSWORD, expectVisible, type Stack, startStack, submitLogin } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function signedIn(email: string, password?: string): Promise<Page> {
  const page = await stack.newPage('/login');
  await submitLogin(page, email, password);
  await page.locator('[data-testid="nav-logout"]').waitFor();
  return page;
}

async function userId(email: string): Promise<number> {
  const [row] = await stack.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function practiceOf(email: string): Promise<number> {
  const [row] = await stack.db
    .select({ customerId: userCustomers.customerId })
    .from(userCustomers)
    .where(eq(userCustomers.userId, await userId(email)));
  if (!row) throw new Error(`no practice of ${email}`);
  return row.customerId;
}

describe('staff users', () => {
  it('an owner creates an assistant, who gets the invitation, sets a password and signs in', async () => {
    const page = await signedIn('coach@example.org');
    await page.goto('/user/create');
    await expectVisible(heading(page, 'Benutzer anlegen'));
    await page.getByLabel('Vorname').fill('Aylin');
    await page.getByLabel('Nachname').fill('Assistenz');
    await page.getByLabel('E-Mail').fill('aylin.assistenz@example.org');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await expectVisible(page.getByText('Der Benutzer wurde angelegt.', { exact: false }));
    await page.waitForURL('**/user/edit/*');
    await page.context().close();

    const mail = await stack.smtp.waitForMail('aylin.assistenz@example.org');
    expect(mail.subject).toBe('Ihr Zugang zu Praxia');
    const invited = await stack.newPage(linkIn(mail, '/password/set/').replace(stack.baseUrl, ''));
    await invited.getByLabel('Neues Passwort', { exact: true }).fill('Aylin-Neu-2026!');
    await invited.getByLabel('Neues Passwort wiederholen').fill('Aylin-Neu-2026!');
    await invited.getByRole('button', { name: 'Passwort speichern' }).click();
    await invited.waitForURL('**/login');
    await submitLogin(invited, 'aylin.assistenz@example.org', 'Aylin-Neu-2026!');
    await expectVisible(invited.locator('[data-testid="nav-logout"]'));
    await invited.goto('/user/profile');
    await expectVisible(invited.getByText('Aylin Assistenz'));
    await invited.context().close();
  });

  it('a therapist edits the profile with a new avatar in the same save and copies the profile link', async () => {
    const page = await signedIn('therapeutin@example.org');
    await page.goto('/user/profile-edit');
    await expectVisible(heading(page, 'Profil bearbeiten'));
    // A therapist without the owner role sees no practice form (people §2: for admin, owner and assistant).
    expect(await page.getByLabel('Name der Praxis').count()).toBe(0);
    await page.getByLabel('Profiltext').fill('Ich begleite Erwachsene in Krisen.');
    await page.getByRole('textbox', { name: 'Vita' }).click();
    await page.keyboard.type('Studium in Berlin');
    await page.getByLabel('Ich stimme dem Auftragsverarbeitungsvertrag (AV-Vertrag) zu.').check();

    await page.getByRole('button', { name: 'Profilbild ändern' }).click();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await expectVisible(page.getByTitle('Bildausschnitt wählen'));
    await expectVisible(page.locator('.reactEasyCrop_Image'));
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    await page.waitForURL('**/user/profile');
    await expectVisible(page.getByText('Ich begleite Erwachsene in Krisen.'));
    await expectVisible(page.getByText('Studium in Berlin'));
    // People §4: the avatar is uploaded after the user was saved, cut square to at most 400 × 400 px.
    const avatar = page.getByRole('img', { name: /Profilbild von/ });
    await expectVisible(avatar);
    expect(await avatar.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(400);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Profil-Link kopieren' }).click();
    await expectVisible(page.getByText('Der Profil-Link wurde in die Zwischenablage kopiert.'));
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/psychotherapie/${await userId('therapeutin@example.org')}/\\d+$`));
    await page.context().close();
  });

  it('an owner saves the profile and the practice in one go; so does an assistant of the practice', async () => {
    const page = await signedIn('coach@example.org');
    await page.goto('/user/profile-edit');
    await expectVisible(heading(page, 'Profil bearbeiten'));
    const practiceName = page.getByLabel('Name der Praxis');
    await expectVisible(practiceName);
    await practiceName.fill('Coaching Nord am Hafen');
    await page.getByLabel('Ich stimme dem Auftragsverarbeitungsvertrag (AV-Vertrag) zu.').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    await page.waitForURL('**/user/profile');
    const [practice] = await stack.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.name, 'Coaching Nord am Hafen'));
    expect(practice).toBeDefined();
    await page.context().close();

    // People §2: saving practices on this screen is for admin, customer admin or secretary.
    const assistant = await signedIn('assistenz@example.org');
    await assistant.goto('/user/profile-edit');
    await expectVisible(assistant.getByLabel('Name der Praxis'));
    await assistant.getByLabel('Zahlungsmodalitäten').fill('Bitte zahlen Sie innerhalb von 10 Tagen.');
    await assistant.getByRole('button', { name: 'Speichern' }).click();
    await expectVisible(assistant.getByText('Daten wurden übernommen'));
    await assistant.waitForURL('**/user/profile');
    const [park] = await stack.db
      .select()
      .from(customers)
      .where(eq(customers.id, await practiceOf('assistenz@example.org')));
    expect(park?.paymentModalities).toBe('Bitte zahlen Sie innerhalb von 10 Tagen.');
    // The invoice settings page offers the same fields to change, not a read-only copy (foundations §6).
    await assistant.goto('/customer');
    await expectVisible(heading(assistant, 'Rechnungseinstellungen'));
    expect(await assistant.getByLabel('Name der Praxis').isDisabled()).toBe(false);
    expect(await assistant.getByTestId('invoice-settings-read-only').count()).toBe(0);
    await assistant.context().close();
  });
});

const isFocused = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => element === document.activeElement);
const isInView = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('practice forms on the profile edit screen', () => {
  it('a failed save lands on the first bad field and keeps the chosen logo; the fixed save uploads it', async () => {
    const page = await signedIn('coach@example.org');
    await page.goto('/user/profile-edit');
    await expectVisible(heading(page, 'Profil bearbeiten'));
    await page.getByLabel('Ich stimme dem Auftragsverarbeitungsvertrag (AV-Vertrag) zu.').check();
    const png = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'briefkopf.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const preview = page.getByRole('img', { name: 'Vorschau des neuen Logos' });
    await expectVisible(preview);
    const save = page.getByRole('button', { name: 'Speichern' });

    // Refused in the browser: the street is required for owners.
    const street = page.getByLabel('Straße und Hausnummer');
    await street.fill('');
    await save.click();
    await page.waitForFunction((element) => element === document.activeElement, await street.elementHandle());
    expect(await isInView(street)).toBe(true);
    await expectVisible(preview);

    // Refused by the server: an IBAN needs the account holder beside it.
    await street.fill('Mönckebergstraße 7');
    await page.getByLabel('IBAN', { exact: true }).fill('DE89370400440532013000');
    const holder = page.getByLabel('Kontoinhaber', { exact: true });
    await holder.fill('');
    await save.click();
    await page.waitForFunction((element) => element === document.activeElement, await holder.elementHandle());
    expect(await isInView(holder)).toBe(true);
    expect(await isFocused(holder)).toBe(true);
    await expectVisible(preview);
    expect(await page.getByTestId('logo-file-name').textContent()).toBe('Neue Datei: briefkopf.png');

    await holder.fill('Coaching Nord');
    await save.click();
    await expectVisible(page.getByText('Daten wurden übernommen'));
    await page.waitForURL('**/user/profile');
    const [practice] = await stack.db
      .select({ logoFilename: customers.logoFilename, accountHolder: customers.accountHolder })
      .from(customers)
      .where(eq(customers.id, await practiceOf('coach@example.org')));
    expect(practice?.logoFilename).toMatch(/\.png$/);
    expect(practice?.accountHolder).toBe('Coaching Nord');
    await page.context().close();
  });
});

describe('user activation', () => {
  it('an admin deactivates another admin from the list: the row stays, sign-in is refused until activated again', async () => {
    const email = 'zweite.admin@example.org';
    await insertUser(stack.db, {
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      roles: Role.ADMIN,
      firstName: 'Zoe',
      lastName: 'Zweitadmin',
      isConfirmed: true,
      termsAcceptedAt: new Date(),
    });
    const id = await userId(email);
    const page = await signedIn('admin@example.org');
    await page.goto('/user/list');
    const row = page.getByTestId(`user-row-${id}`);
    const isActive = row.getByRole('img', { name: 'Aktiviert' });
    await expectVisible(isActive);

    await page.getByTestId(`row-actions-${id}`).click();
    await page.getByRole('menuitem', { name: 'Deaktivieren' }).click();
    await expectVisible(page.getByText('Benutzer:in wurde deaktiviert.'));
    await isActive.waitFor({ state: 'detached' });
    await expectVisible(row);
    const other = await stack.newPage('/login');
    await submitLogin(other, email);
    await expectVisible(other.getByText('Das Profil ist deaktiviert.'));

    await page.getByTestId(`row-actions-${id}`).click();
    await page.getByRole('menuitem', { name: 'Aktivieren' }).click();
    await expectVisible(page.getByText('Benutzer:in wurde aktiviert.'));
    await expectVisible(isActive);
    await submitLogin(other, email);
    await expectVisible(other.locator('[data-testid="nav-logout"]'));
    await other.context().close();
    await page.context().close();
  });
});

describe('staff user screens', () => {
  it('are accessible at both widths: profile, edit, password, create, edit other, avatar', async () => {
    const page = await signedIn('coach@example.org');
    const screens: [string, string][] = [
      ['/user/profile', 'Mein Profil'],
      ['/user/profile-edit', 'Profil bearbeiten'],
      ['/user/reset-password', 'Passwort ändern'],
      ['/user/create', 'Benutzer anlegen'],
      [`/user/edit/${await userId('drs@example.org')}`, 'Benutzer bearbeiten'],
      ['/user/profile-avatar', 'Profilbild hochladen'],
      [`/user/edit/${await userId('drs@example.org')}/avatar`, 'Profilbild hochladen'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expectScreenAccessible(page, { title, ready: heading(page, title) });
    }
    await page.context().close();
  });
});
