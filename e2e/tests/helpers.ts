import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { SeedClient } from './seed';

/** A fresh e-mail per test, so tests never share accounts. */
export function uniqueEmail(prefix = 'org'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

/** Creates an account straight through the API (for tests about other screens). */
export async function createAccount(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/signup', { data: { email, password } });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
}

/** An organiser signed up in a fresh browser context, with a seed client for their raffles. */
export async function organiser(browser: Browser, prefix = 'org'): Promise<{ context: BrowserContext; seed: SeedClient; email: string }> {
  const email = uniqueEmail(prefix);
  const context = await browser.newContext();
  await createAccount(context.request, email, 'segredo1');
  return { context, seed: new SeedClient(context.request), email };
}

/** 'Iniciar Sorteio', then the confirmation of the numbers and the pool's fingerprint. */
export async function confirmStart(page: Page) {
  await page.getByRole('button', { name: 'Iniciar Sorteio' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sortear agora' }).click();
  // On a phone the dialog's buttons sit at the bottom, where the draw's toast then appears: a
  // pointer left there holds the toast open (Sonner pauses on hover), as a person's finger would not.
  await page.mouse.move(0, 0);
}

/**
 * The organiser's tab plays the room's reveal before it lists the winners: skipped here ('Pular
 * animação', or 'Fechar' once at 'Parabéns!') by a test that is about the list. A round that
 * completed before the tab saw it open lists its winners at once.
 */
export async function skipReveal(page: Page) {
  const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
  const leave = show.getByRole('button', { name: /^(Pular animação|Fechar)$/ });
  const list = page.getByRole('list', { name: 'Vencedores', exact: true });
  await expect(leave.or(list).first()).toBeVisible({ timeout: 30_000 });
  if (await leave.isVisible()) await leave.click();
  await expect(show).toBeHidden();
}

/**
 * Runs check until it passes, skipping the organiser's reveal whenever one plays: a redraw's reveal
 * starts when its round completes, which the page may read a moment after the click.
 */
export async function passSkippingReveal(page: Page, check: () => Promise<void>, timeout = 30_000) {
  const leave = page.getByRole('dialog', { name: 'Sorteio ao vivo' }).getByRole('button', { name: /^(Pular animação|Fechar)$/ });
  await expect(async () => {
    if (await leave.isVisible()) await leave.click();
    await check();
  }).toPass({ timeout });
}
