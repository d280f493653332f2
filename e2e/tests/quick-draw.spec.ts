import { expect, test, type Page } from '@playwright/test';

// The quick draw (/sorteio-publico) at a phone's width: a list pasted from WhatsApp, several
// winners at once, 'Sortear novamente' without the earlier winners, and all of it kept on the device
// across a reload until 'Novo Sorteio'.
test.use({ viewport: { width: 360, height: 740 } });

/** Pastes text into the focused field as a person does: the clipboard, then Ctrl+V. */
async function paste(page: Page, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
}

const rows = (page: Page) => page.getByRole('list', { name: 'Participantes' }).getByRole('listitem');

test('a list pasted from WhatsApp becomes one participant a line after a confirmation', async ({ page }) => {
  await page.goto('/sorteio-publico');
  await page.getByLabel('Nome do participante').click();
  await paste(page, '1. Ana Souza\n2. Bruno Lima\n- Carla Dias\nDaniel Rocha - 3 números\n');
  const dialog = page.getByRole('dialog', { name: 'Adicionar 4 participantes?' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('paste-confirm-360.png') });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(rows(page)).toHaveText(['1Ana Souza', '2Bruno Lima', '3Carla Dias', '4Daniel Rocha3 chances']);
  await expect(page.getByLabel('Nome do participante')).toHaveValue('');
  await expect(page.getByText('4 participantes', { exact: true })).toBeVisible();
});

test('the list, the winners and every result come back after a reload, until Novo Sorteio', async ({ page }) => {
  await page.goto('/sorteio-publico');
  const name = page.getByLabel('Nome do participante');
  for (const n of ['Ana', 'Bruno', 'Carla', 'Davi', 'Eva']) (await name.fill(n), await name.press('Enter'));
  await page.getByLabel('Vencedores por sorteio').fill('2');
  await page.getByRole('button', { name: 'Sortear', exact: true }).click();
  const winners = page.getByTestId('winners').getByRole('listitem');
  await expect(winners).toHaveCount(2, { timeout: 10_000 });
  const first = await winners.allTextContents();

  // A phone that locks, a tab the system killed: the same screen comes back.
  await page.reload();
  await expect(rows(page)).toHaveCount(5);
  await expect(winners).toHaveText(first);
  await page.getByRole('button', { name: 'Sortear novamente' }).click();
  const all = page.getByTestId('all-results').getByRole('listitem');
  await expect(all).toHaveCount(4, { timeout: 10_000 });
  const results = await all.allTextContents();
  // Each result in order, the earlier winners first, and no one twice.
  expect(results.slice(0, 2)).toEqual(first);
  expect(new Set(results.map((r) => r.replace(/^\d+º/, ''))).size).toBe(4);
  await page.screenshot({ path: test.info().outputPath('again-360.png'), fullPage: true });

  await page.reload();
  await expect(all).toHaveText(results);
  // 'Novo Sorteio' wipes the list and every result: 'Desfazer' brings them back.
  await page.getByRole('button', { name: 'Novo Sorteio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lista e resultados apagados.' })).toBeVisible();
  await page.getByRole('button', { name: 'Desfazer' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(all).toHaveText(results);
  await page.getByRole('button', { name: 'Novo Sorteio' }).click();
  await page.reload();
  await expect(page.getByText('Nenhum participante adicionado ainda.')).toBeVisible();
});
