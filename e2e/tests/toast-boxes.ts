import { expect, type Locator, type Page } from '@playwright/test';

// Where a toast stands against what it must not cover, measured in the page, for the specs about
// toasts on phones and laptops.

export type Box = { x: number; y: number; width: number; height: number };

export async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export const toastOf = (page: Page) => page.locator('[data-sonner-toast]');
/** The toast on show (older ones stay in the document, hidden behind it). */
export const frontToast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]');

/** Once Sonner has slid the toast in: where it stands. */
export async function settledToast(page: Page): Promise<Box> {
  await expect(frontToast(page)).toHaveAttribute('data-mounted', 'true');
  // Only the toast's own slide: a pulsing skeleton or sync bar never stops running.
  await frontToast(page).evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
  return box(frontToast(page));
}

/** Fails naming each of `targets` the toast stands over. */
export async function expectUncovered(toast: Box, targets: Record<string, Locator>) {
  for (const [name, target] of Object.entries(targets)) expect(overlaps(toast, await box(target)), `the toast covers ${name}`).toBe(false);
}
