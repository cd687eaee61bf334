import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type Axe = typeof import('axe-core');

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The widths every screen is checked at: a laptop and a small phone. */
export const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const;

/**
 * axe-core's violations on the current page, one line per element. The bundled axe source goes in through the
 * DevTools protocol (page.evaluate), which the app's Content-Security-Policy does not govern: the page keeps
 * exactly the CSP it ships with, and no inline script has to be allowed for the test.
 */
export async function findAxeViolations(page: Page): Promise<string[]> {
  await waitForTransitions(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: Axe };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.html}`),
    );
  });
}

/**
 * Waits (at most 3 s) until no finite CSS transition or animation runs: a toast or menu still fading in has the
 * colours of its way there, which axe-core would measure (on a loaded machine a fade lasts longer than any fixed
 * wait). Endless ones (loaders) are not waited for.
 */
async function waitForTransitions(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 3_000, polling: 50 },
    )
    .catch(() => undefined);
}

/** How far the page reaches beyond the window's width (0 when nothing scrolls sideways). */
export async function measureSidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

/**
 * Checks a screen as it stands at both widths: the tab is named '<title> – Praxia', axe-core finds no violation,
 * and nothing scrolls sideways. `ready` is something that shows once the screen has its content.
 * Every screen of the app goes through this, so adding a screen to the suite is one call.
 */
export async function expectScreenAccessible(
  page: Page,
  screen: { title: string; ready: ReturnType<Page['locator']> },
): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await screen.ready.first().waitFor({ state: 'visible', timeout: 10_000 });
    // Let Mantine's transitions (menus, notifications, the sidebar) settle before colours are measured.
    await page.waitForTimeout(250);
    const where = `${page.url()} at ${size.width} px`;
    expect(await page.title(), where).toBe(`${screen.title} – Praxia`);
    expect(await findAxeViolations(page), where).toEqual([]);
    expect(await measureSidewaysOverflow(page), where).toBeLessThanOrEqual(0);
  }
}
