import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../apps/api/src/app.js';
import { readConfig } from '../../apps/api/src/config.js';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client.js';
import { startSmtpCapture } from '../../apps/api/test/smtp-capture.js';

export const DEMO_PASSWORD = 'Demo-Praxis-2026!';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole product as a newcomer runs it: the built web app and the API on a fresh embedded
 * database with the demo data, mails going over real SMTP to a capture server, and Chromium.
 */
export async function startStack(
  options: {
    browserArgs?: string[];
    /**
     * The host name the browser and PUBLIC_URL use. WebAuthn refuses an IP address as the relying party, so passkey
     * tests open the app on localhost (a secure context like 127.0.0.1).
     */
    host?: 'localhost' | '127.0.0.1';
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'praxia-e2e-'));
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const initialData = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  const database: DatabaseHandle = await openDatabase({ dataDir, initialData });
  const app = await buildApp({
    config: { ...readConfig({}), port, dataDir, publicUrl: baseUrl, smtpUrl: smtp.url, seedDemo: true },
    database,
    rateLimits: { scale: 100 },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.browserArgs ?? []),
    ],
  });

  /** A fresh browser context (own cookies and session storage) on a page of the app. */
  async function newPage(
    path = '/login',
    locale = 'de-DE',
    serviceWorkers: 'allow' | 'block' = 'block',
  ): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl, locale, serviceWorkers });
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  return {
    baseUrl,
    smtp,
    // The tests' own reads and fixtures see every practice; the app's requests keep their row scope.
    db: database.systemDb,
    /** The app's file storage (a test issues an invoice whose PDF must be stored as the app stores it). */
    storage: app.ctx.storage,
    newPage,
    async close() {
      await browser.close();
      await app.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Fills the login form and submits it with Enter, as a user would. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByLabel('Passwort', { exact: true }).press('Enter');
}

/** A fresh browser context signed in with the demo password, then on `path`. */
export async function openSignedIn(stack: Stack, email: string, path: string): Promise<Page> {
  const page = await stack.newPage('/login');
  await submitLogin(page, email);
  await page.locator('[data-testid="nav-logout"]').waitFor();
  await page.goto(path);
  return page;
}

/** Waits until the element shows (Playwright's auto-wait), failing the test after the timeout. */
export async function expectVisible(locator: ReturnType<Page['locator']>, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** The keys of the sidebar links present on the page (data-testid="nav-<key>"). */
export async function sidebarKeys(page: Page): Promise<string[]> {
  await page.locator('[data-testid^="nav-"]').first().waitFor({ timeout: 10_000 });
  const ids = await page
    .locator('[data-testid^="nav-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^nav-/, '')).sort();
}
