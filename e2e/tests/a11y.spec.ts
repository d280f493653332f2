import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { organiser, confirmStart, skipReveal } from './helpers';

// axe-core on every screen, at a phone's size and a laptop's: any serious or critical violation
// fails the run, listed by rule and element so the fix is obvious from the report.

const sizes = [
  { name: 'celular', width: 390, height: 844 },
  { name: 'notebook', width: 1280, height: 900 },
] as const;

async function expectAccessible(page: Page, screen: string) {
  // The screen has settled (its heading is up) before axe reads it.
  await expect(page.locator('h1').first()).toBeVisible();
  // Entrances (a toast sliding in, a card popping) are read at their end, not half-transparent.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n    ')}`);
  expect.soft(serious, `${screen}\n  ${serious.join('\n  ')}`).toEqual([]);
}

for (const size of sizes) {
  test.describe(`axe a ${size.width}×${size.height} (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('screens without an account: landing, sign-in, quick draw, code entry, 404', async ({ page }) => {
      // Six axe runs: 10-12 s alone, over 30 s when the suite starts two workers on a 2-core machine.
      test.setTimeout(120_000);
      await page.goto('/');
      await expectAccessible(page, 'início');
      await page.goto('/auth');
      await expectAccessible(page, 'entrar');
      await page.getByRole('tab', { name: 'Criar Conta' }).click();
      await expectAccessible(page, 'criar conta');
      await page.goto('/sorteio-publico');
      const name = page.getByLabel('Nome do participante');
      for (const person of ['Ana', 'Bia']) {
        await name.fill(person);
        await name.press('Enter');
      }
      await expectAccessible(page, 'sorteio rápido');
      await page.getByRole('button', { name: 'Sortear' }).click();
      await expect(page.getByRole('button', { name: 'Novo Sorteio' })).toBeVisible({ timeout: 10_000 });
      await expectAccessible(page, 'sorteio rápido com vencedor');
      await page.goto('/sorteio');
      await expectAccessible(page, 'consultar código');
      await page.goto('/caminho/que-nao-existe');
      await expectAccessible(page, '404');
    });

    test("the e-mail screens: 'Esqueci minha senha', a new password, a confirmation link", async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/esqueci-senha');
      await expectAccessible(page, 'esqueci minha senha');
      await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await expect(page.getByText('Se houver uma conta com esse e-mail, enviamos um link.')).toBeVisible();
      await expectAccessible(page, 'esqueci minha senha, enviado');
      await page.goto('/redefinir-senha#token=um-token-qualquer');
      await expectAccessible(page, 'criar nova senha');
      await page.goto('/redefinir-senha');
      await expectAccessible(page, 'criar nova senha, link inválido');
      await page.goto('/confirmar-email');
      await expect(page.getByText('Este link não é válido. Peça um novo.')).toBeVisible();
      await expectAccessible(page, 'confirmar e-mail, link inválido');
    });

    test("an organiser's screens, then the raffle's public, big-screen and verification pages", async ({ browser }) => {
      // Eleven axe runs in two browser contexts: on a slow 2-core machine running two workers they took
      // 50–90 s, so the bound is well above that.
      test.setTimeout(180_000);
      const { context, seed } = await organiser(browser, 'axe');
      const page = await context.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      // One raffle without a description (the dashboard says 'Sem descrição'), one drawn.
      await seed.createRaffle({ title: 'Rifa sem descrição', type: 'simple' });
      const raffle = await seed.createRaffle({ title: 'Rifa da festa junina', winners: 2 });
      await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda'], 2);

      await page.goto('/dashboard');
      // A new browser shows the raffles after its first sync: 1-2 s alone, 10 s seen under load.
      await expect(page.getByText('Sem descrição', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page, 'meus sorteios');
      await page.goto('/criar-sorteio');
      await expectAccessible(page, 'criar sorteio');
      await page.goto('/conta');
      await expectAccessible(page, 'minha conta');

      await page.goto(`/gerenciar/${raffle.id}`);
      await expect(page.getByText('Duda').first()).toBeVisible();
      await expectAccessible(page, 'gerenciar: participantes');
      await page.getByRole('tab', { name: 'Configurações' }).click();
      await expectAccessible(page, 'gerenciar: configurações');
      await page.getByRole('tab', { name: 'Sorteio' }).click();
      await expectAccessible(page, 'gerenciar: sorteio');
      await confirmStart(page);
      await skipReveal(page);
      const winners = page.getByRole('list', { name: 'Vencedores' });
      await expect(winners.getByRole('listitem')).toHaveCount(2);
      await expectAccessible(page, 'gerenciar: sorteio realizado');
      // The draw's toast, late under load, was read half-faded over the dialog's backdrop
      // (contrast 2.3:1): the dialog is read once the toasts are gone.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await winners.getByRole('listitem').first().getByRole('button', { name: 'Invalidar' }).click();
      await expect(page.getByRole('dialog', { name: 'Invalidar Vencedor' })).toBeVisible();
      await expectAccessible(page, 'diálogo invalidar vencedor');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      // The result reaches the server before the public pages read it.
      await expect.poll(async () => (await (await context.request.get(`/api/public/raffles/${raffle.code}/audit`)).json()).draws.length).toBe(1);

      const visitor = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const view = await visitor.newPage();
      await view.goto(`/sorteio/${raffle.code}`);
      // A drawn raffle opens on its winners.
      await expect(view.getByRole('tab', { name: 'Vencedores', selected: true })).toBeVisible();
      await expectAccessible(view, 'página pública: vencedores');
      await view.getByRole('tab', { name: 'Participantes' }).click();
      await expect(view.getByText('Duda').first()).toBeVisible();
      await expectAccessible(view, 'página pública: participantes');
      await view.goto(`/sorteio/${raffle.code}/telao`);
      await expectAccessible(view, 'modo telão');
      await view.goto(`/sorteio/${raffle.code}/verificar`);
      await expect(view.getByRole('status', { name: 'Resultado da conferência' }).getByText('Confere', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expectAccessible(view, 'verificação');
      await visitor.close();
      await context.close();
    });

    test("'Não enviados': a change the server refused, on the raffle, in its dialog and on the dashboard", async ({ browser }) => {
      test.setTimeout(60_000); // the refusal's toast is let go before the dialog is read
      const { context, seed } = await organiser(browser, 'a11y-refused');
      const raffle = await seed.createRaffle({ title: 'Rifa recusada' });
      const page = await context.newPage();
      await page.goto(`/gerenciar/${raffle.id}`);
      await expect(page.getByRole('region', { name: 'Sincronização' })).toContainText('Tudo sincronizado');
      // Offline, the screens' code comes from the service worker.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
      await context.setOffline(true);
      await page.getByLabel('Nome', { exact: true }).fill('Ana Costa');
      await page.getByLabel('Bilhete (opcional)').fill('001');
      await page.getByRole('button', { name: 'Adicionar participante' }).click();
      // Another device gives 001 away first: the typed number is refused, and the add kept.
      await seed.addPeople(raffle.id, ['Bia']);
      await context.setOffline(false);
      const kept = page.locator('#nao-enviados');
      await expect(kept).toContainText('Ana Costa (bilhete 001)');
      await expectAccessible(page, 'gerenciar: não enviados');
      // A toast fading under the dialog's backdrop was read as a button of 1.13:1 contrast: the
      // dialog is opened once the toasts are gone.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
      await kept.getByRole('button', { name: 'Descartar' }).click();
      await expect(page.getByRole('dialog', { name: 'Descartar alteração?' })).toBeVisible();
      await expectAccessible(page, 'diálogo descartar alteração');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await page.goto('/dashboard');
      await expect(page.locator('#nao-enviados')).toContainText('Sorteio: Rifa recusada');
      await expectAccessible(page, 'meus sorteios: não enviados');
      await context.close();
    });
  });
}
