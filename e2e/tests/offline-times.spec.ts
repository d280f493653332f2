import { expect, test, type Page } from '@playwright/test';
import { organiser, skipReveal } from './helpers';
import { pdfPageTexts, pdfText } from './pdf-text';

// An offline round is dated by the organiser's device: the ata, the verification page and the public
// page give the device's time, said to be the device's, with the server's receipt beside it; the
// device's clock here is an hour behind, which its last sync measured, so each says so too.

const PHONE = { width: 360, height: 740 };
const HOUR = 3_600_000;
const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });
const brasilia = (ms: number) => `${new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(ms)} (Brasília)`;
const local = (ms: number) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' }).format(ms);

test("an offline draw keeps the device's time: ata (PDF), verification page and public page", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, seed } = await organiser(browser, 'offline-times');
  const raffle = await seed.createRaffle({ title: 'Rifa da festa junina', winners: 2, countdown: 0 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda']);
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  // The phone's clock is an hour behind the server's.
  await page.clock.install({ time: Date.now() - HOUR });
  await page.goto(`/gerenciar/${raffle.id}`);
  await expect(syncBar(page)).toContainText('Tudo sincronizado', { timeout: 15_000 });
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });

  await context.setOffline(true);
  await expect(syncBar(page)).toContainText('Offline');
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await page.getByRole('button', { name: 'Iniciar Sorteio' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sortear agora' }).click();
  await skipReveal(page);
  await expect(page.getByRole('list', { name: 'Vencedores', exact: true }).getByRole('listitem')).toHaveCount(2);
  await context.setOffline(false);
  await expect(syncBar(page)).toContainText('Tudo sincronizado', { timeout: 15_000 });

  const audit = await (await context.request.get(`/api/public/raffles/${raffle.code}/audit`)).json();
  const round = audit.draws[0];
  expect(round.online).toBe(false);
  // The device's times are its own clock's, an hour before the server received them.
  expect(round.completed_at - round.device_completed_at).toBeGreaterThan(HOUR - 60_000);
  expect(round.completed_at - round.device_completed_at).toBeLessThan(HOUR + 60_000);
  expect(Math.abs(round.device_clock_offset - HOUR)).toBeLessThan(60_000);

  const visitor = await browser.newContext();
  const check = await visitor.newPage();
  await check.goto(`/sorteio/${raffle.code}/ata`);
  await expect(check.getByRole('heading', { name: 'Ata do sorteio', level: 1 })).toBeVisible();
  const download = check.waitForEvent('download');
  await check.getByRole('button', { name: 'Baixar PDF' }).click();
  const file = await (await download).path();
  await (await download).saveAs(test.info().outputPath('ata-offline.pdf'));
  const [first] = (await pdfPageTexts(file)).map((t) => t.replace(/\s+/g, ' '));
  const text = (await pdfText(file)).replace(/\s+/g, ' ');
  expect(first).toContain(`Realizado em: ${brasilia(round.device_completed_at)}`);
  expect(first).toContain(
    `Sem conexão: Sorteio feito sem conexão com a internet, no aparelho do organizador: o horário acima é o do relógio do aparelho do organizador. O servidor recebeu o resultado em ${brasilia(round.completed_at)}.`,
  );
  // An hour behind, as the last sync measured it (to within the round trip).
  const skew = /o relógio do aparelho estava (1 h 0 min|59 min \d+ s) atrasado: os horários do aparelho podem estar errados\./;
  expect(first).toMatch(skew);
  expect(text).toContain(`Início (relógio do aparelho do organizador): ${brasilia(round.device_started_at)}`);
  expect(text).toContain(`Recebido pelo servidor: ${brasilia(round.completed_at)}`);

  await check.goto(`/sorteio/${raffle.code}/verificar`);
  await expect(check.getByRole('status', { name: 'Resultado da conferência' }).getByText('Confere', { exact: true })).toBeVisible({ timeout: 15_000 });
  const card = check.getByRole('region', { name: /1ª rodada: sorteio/ });
  await expect(card.locator('dl > div').filter({ hasText: 'Sorteado em (relógio do aparelho do organizador)' })).toContainText(local(round.device_completed_at));
  await expect(card.getByText(`O servidor recebeu o resultado em ${local(round.completed_at)}.`, { exact: false })).toBeVisible();
  await expect(card.getByText(skew)).toBeVisible();

  await check.goto(`/sorteio/${raffle.code}`);
  await expect(check.getByText(/^Sorteado sem conexão em .* \(relógio do aparelho do organizador\); recebido pelo servidor em /)).toBeVisible();
  await check.screenshot({ path: test.info().outputPath('public-offline-times.png'), fullPage: true });
  await visitor.close();
  await context.close();
});
