import { expect, test } from '@playwright/test';
import { confirmStart, createAccount, organiser, uniqueEmail, skipReveal } from './helpers';
import { SeedClient } from './seed';

// Prizes per position, as the room sees them: the reveal on a viewer's phone and on the big screen
// names each place's prize ('1º prêmio · Bicicleta'), and the winners tab keeps it.

const PHONE = { width: 360, height: 740 };

test('a viewer and the big screen reveal each place with its prize', async ({ browser }) => {
  test.setTimeout(90_000);
  const laptop = await browser.newContext();
  await createAccount(laptop.request, uniqueEmail('prizes'), 'segredo1');
  const seed = new SeedClient(laptop.request);
  const raffle = await seed.createRaffle({
    title: 'Rifa da quermesse',
    winners: 2,
    countdown: 3,
    prizes: [
      { position: 1, name: 'Bicicleta aro 29' },
      { position: 2, name: 'Cesta básica' },
    ],
  });
  await seed.addPeople(raffle.id, ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Reis']);

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const viewer = await phone.newPage();
  await viewer.goto(`/sorteio/${raffle.code}`);
  await expect(viewer.getByText('Ao vivo')).toBeVisible();
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/sorteio/${raffle.code}/telao`);
  await expect(tv.getByText('Ao vivo')).toBeVisible();

  // The organiser sees the prizes on the draw tab before starting.
  const manage = await laptop.newPage();
  await manage.goto(`/gerenciar/${raffle.id}`);
  await manage.getByRole('tab', { name: 'Sorteio' }).click();
  await expect(manage.getByText('1º prêmio · Bicicleta aro 29')).toBeVisible();
  await confirmStart(manage);

  for (const page of [viewer, tv]) {
    const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
    await expect(show.getByText('1º prêmio · Bicicleta aro 29', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  }
  await viewer.screenshot({ path: test.info().outputPath('viewer-360-reveal-prize.png') });
  await tv.screenshot({ path: test.info().outputPath('telao-1280-reveal-prize.png') });
  for (const page of [viewer, tv]) {
    const show = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
    await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 20_000 });
    const lines = show.getByRole('list', { name: 'Vencedores do sorteio' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('1º prêmio · Bicicleta aro 29');
    await expect(lines.nth(1)).toContainText('2º prêmio · Cesta básica');
  }
  await viewer.screenshot({ path: test.info().outputPath('viewer-360-parabens-prize.png') });

  // After the show: the big screen's list and the viewer's winners tab keep the prizes.
  await tv.getByRole('dialog', { name: 'Sorteio ao vivo' }).getByRole('button', { name: 'Fechar' }).click();
  await expect(tv.getByRole('list', { name: 'Vencedores' })).toContainText('2º prêmio · Cesta básica');
  await tv.screenshot({ path: test.info().outputPath('telao-1280-after-prize.png') });
  await viewer.getByRole('dialog', { name: 'Sorteio ao vivo' }).getByRole('button', { name: 'Fechar' }).click();
  await viewer.getByRole('tab', { name: 'Vencedores' }).click();
  await expect(viewer.getByRole('list', { name: 'Vencedores' })).toContainText('Prêmio: Bicicleta aro 29');
  await viewer.screenshot({ path: test.info().outputPath('viewer-360-winners-prize.png'), fullPage: true });
  await skipReveal(manage);
  await expect(manage.getByRole('list', { name: 'Vencedores' })).toContainText('Prêmio: Cesta básica');
  await laptop.close();
  await phone.close();
  await tvContext.close();
});

test('on a phone the organiser names prizes when creating, then changes one in the settings', async ({ browser }) => {
  test.setTimeout(60_000);
  const { context: account } = await organiser(browser, 'prizes');
  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, storageState: await account.storageState() });
  const page = await phone.newPage();
  await page.goto('/criar-sorteio');
  await page.getByLabel('Título').fill('Rifa de Natal');
  await page.getByLabel('Número de vencedores').fill('2');
  await page.getByLabel('1º prêmio').fill('Bicicleta');
  await page.getByLabel('2º prêmio').fill('Cesta básica');
  await page.getByLabel('2º prêmio').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('create-360-prizes.png') });
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);

  await page.getByRole('tab', { name: 'Configurações' }).click();
  const second = page.getByLabel('2º prêmio');
  await expect(second).toHaveValue('Cesta básica');
  await second.fill('Vale-compras R$ 100');
  await second.blur();
  await expect(page.getByText('Sorteio atualizado')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('settings-360-prizes.png') });
  await page.reload();
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await expect(page.getByText('2º prêmio · Vale-compras R$ 100')).toBeVisible();
  await expect(page.getByText('1º prêmio · Bicicleta')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('draw-tab-360-prizes.png') });
  await account.close();
  await phone.close();
});
