import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, openSignedIn, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('public pages', () => {
  it('redirects / to /login', async () => {
    const page = await stack.newPage('/');
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    const page = await stack.newPage('/gibt-es-nicht');
    await expectVisible(page.getByText('Hoppla. Hier ist nichts …'));
    await page.getByRole('button', { name: 'Zur Startseite' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
  });

  it('shows the data attributions on the imprint', async () => {
    const page = await stack.newPage('/impressum');
    await expectVisible(page.getByText('GeoNames', { exact: false }));
    await expectVisible(page.getByText('BfArM', { exact: false }));
    await page.context().close();
  });

  it('shows the privacy notice, version 1.3', async () => {
    const page = await stack.newPage('/datenschutz');
    await expectVisible(page.getByText('08.04.25', { exact: false }));
    await page.context().close();
  });

  it('serves the terms as a PDF', async () => {
    const page = await stack.newPage('/login');
    const response = await page.request.get('/docs/agb-therapeuten.pdf');
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });

  it('leads /appointment to the widget, which says that this booking page does not exist', async () => {
    const page = await stack.newPage('/appointment');
    await page.waitForURL('**/appointment/widget');
    await expectVisible(page.getByText('Diese Terminbuchung gibt es nicht.', { exact: false }));
    await page.context().close();
  });

  it('shows the English texts to an English browser', async () => {
    const page = await stack.newPage('/login', 'en-GB');
    await expectVisible(page.getByRole('button', { name: 'Sign in' }));
    await page.context().close();
  });
});

describe('signed in', () => {
  it('/login sends a signed-in user to main, in the same tab and in a new one', async () => {
    const page = await openSignedIn(stack, 'therapeutin@example.org', '/login');
    await page.waitForURL('**/main');
    // A new tab knows nobody yet: the sign-in page asks the server, which knows the session cookie.
    const newTab = await page.context().newPage();
    await newTab.goto(`${stack.baseUrl}/login`);
    await newTab.waitForURL('**/main');
    await page.context().close();
  });

  it("links a patient to the patients' terms of use, served as a PDF", async () => {
    const page = await openSignedIn(stack, 'patient@example.org', '/main');
    const terms = page.locator('[data-testid="nav-terms"]');
    await expectVisible(terms);
    const href = await terms.getAttribute('href');
    expect(href).toBe('/docs/nutzungsbedingungen-patienten.pdf');
    const response = await page.request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.context().close();
  });
});
