import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, type Stack, startStack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('the offline worker', () => {
  it('keeps the staff app as its shell after a visit to a public page, so an offline start still signs in', async () => {
    const page = await stack.newPage('/login', 'de-DE', 'allow');
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The public search has its own HTML on the same origin; the worker must not take it for the app shell.
    await page.goto('/suche/psychotherapeuten-in-10115');
    await expectVisible(page.getByRole('heading', { name: 'Psychotherapeut:innen in 10115 Berlin' }));
    await page.context().setOffline(true);
    await page.goto('/login');
    await expectVisible(page.getByLabel('E-Mail'));
    expect(await page.title()).toBe('Anmelden – Praxia');
    await page.context().close();
  });
});
