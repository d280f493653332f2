import { expect, test } from '@playwright/test';
import { confirmStart, organiser, skipReveal } from './helpers';

// A participant's phone, typed by hand at a phone's width: shown as +55 11 91234-5678, found by the
// organiser's search however it is typed, and offered on the winner's card as 'Chamar no WhatsApp'.
test.use({ viewport: { width: 360, height: 740 } });

test('a phone added by hand is found by search, and its winner gets a WhatsApp link', async ({ browser }) => {
  const { context, seed } = await organiser(browser, 'phones');
  const raffle = await seed.createRaffle({ title: 'Rifa da Igreja', winners: 3 });
  await seed.addPeople(raffle.id, ['Bia Lima', 'Caio Dias']);
  const page = await context.newPage();
  await page.goto(`/gerenciar/${raffle.id}`);

  await page.getByLabel('Nome', { exact: true }).fill('Ana Souza');
  await page.getByLabel('Telefone (opcional)').fill('(11) 91234-5678');
  await page.getByRole('button', { name: 'Adicionar participante' }).click();
  const people = page.getByRole('list', { name: 'Participantes' }).getByRole('listitem');
  await expect(people).toHaveCount(3);
  await expect(page.getByText('+55 11 91234-5678')).toBeVisible();

  // Typed another way, with the country code: the search compares the digits.
  await page.getByLabel('Buscar participantes').fill('+55 11 9 1234');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('Ana Souza');
  await page.screenshot({ path: test.info().outputPath('search-phone-360.png'), fullPage: true });
  await page.getByLabel('Buscar participantes').fill('');
  await expect(people).toHaveCount(3);

  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await confirmStart(page);
  await skipReveal(page);
  const winners = page.getByRole('list', { name: 'Vencedores' }).getByRole('listitem');
  await expect(winners).toHaveCount(3, { timeout: 20_000 });
  // Only the winner with a phone can be called.
  const call = page.getByRole('link', { name: 'Chamar no WhatsApp' });
  await expect(call).toHaveCount(1);
  const card = winners.filter({ hasText: 'Ana Souza' });
  await expect(card.getByRole('link', { name: 'Chamar no WhatsApp' })).toBeVisible();
  await expect(card).toContainText('+55 11 91234-5678');
  const url = new URL((await call.getAttribute('href'))!);
  expect(url.origin + url.pathname).toBe('https://wa.me/5511912345678');
  const place = (await card.textContent())!.match(/(\d+)º Lugar/)![1];
  expect(url.searchParams.get('text')).toBe(`Olá, Ana Souza! Você foi sorteado(a) no sorteio "Rifa da Igreja": ficou com o ${place}º lugar. Parabéns!`);
  await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: test.info().outputPath('whatsapp-360.png') });

  // Never on the public page.
  const pub = await browser.newPage();
  await pub.goto(`/sorteio/${raffle.code}`);
  await expect(pub.getByText('Ana Souza').first()).toBeVisible();
  await expect(pub.getByText(/91234|5678/)).toHaveCount(0);
  expect(await pub.content()).not.toContain('5511912345678');
  await pub.close();
});
