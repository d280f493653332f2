import { organiser } from './helpers';
import { expect, test } from './own-server';

// The Loteria Federal end to end: the method set in 'Configurações' (eight tickets do not fill the
// finals' range, so the default rule is the remainder one, equal for any list, and 'Final do 1º
// prêmio' says whose chance it would favour), the list closed online, two results that no ticket's
// final matches previewed with different winners, the result entered OFFLINE after the extraction
// with a typo, synced and revealed to a viewer, then
// corrected ('Corrigir o resultado'): the viewer sees the new winners and that the result was
// corrected, and the verification page recomputes both rounds, the first marked replaced. Nobody waits for a real extraction: the server's clock is moved
// past it on a server of this worker's own (tests/own-server.ts), and the organiser's phone's with
// Playwright's clock (docs/development.md, "Time in the end-to-end tests").

const PHONE = { width: 360, height: 740 };
const PRIZES = ['50366', '33514', '45504', '94365', '51105'];
// Typed wrong: 50369 … 51109 gives tickets 006 and 005 instead of 002 and 003. OTHER, previewed
// and not confirmed, gives 005 and 007: under 'Final do 1º prêmio' both finals (9 and 0) would
// fall on no ticket and go to 001 alike.
const TYPO = ['50369', ...PRIZES.slice(1, 4), '51109'];
const OTHER = ['50360', ...PRIZES.slice(1, 4), '51100'];
const RULE_ROW = 'Prêmios do 1º ao 5º em sequência:';

/**
 * The concurso the regular calendar expects on a Brasília date (yyyy-mm-dd): concurso 5732 on
 * Wednesday 18/01/2023, then one more each Wednesday and Saturday (docs/draw-algorithm.md §12.5a).
 */
function expectedConcurso(date: string): number {
  const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
  const upTo = (d: number) => Math.floor((d - 6) / 7) + Math.floor((d - 2) / 7);
  return 5732 + upTo(day(date)) - upTo(day('2023-01-18'));
}

/** Brasília's date (yyyy-mm-dd) of a moment: UTC−3 all year. */
const brasiliaDate = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);

test('a Loteria Federal raffle: closed, its result entered offline, corrected, revealed and verified', async ({ browser, ownServer }) => {
  test.setTimeout(150_000);
  const { context, seed } = await organiser(browser, 'federal');
  const raffle = await seed.createRaffle({ title: 'Promoção de verão', winners: 2, countdown: 0 });
  await seed.addPeople(raffle.id, ['Ana', 'Bia', 'Caio', 'Duda', 'Eva', 'Fábio', 'Gil', 'Hugo']);

  // Two days ahead at 19:00 in Brasília: always in the future.
  const date = brasiliaDate(Date.now() + 2 * 86_400_000);
  const extractionAt = Date.parse(`${date}T19:00:00-03:00`);
  const [y, m, d] = date.split('-');
  const concurso = expectedConcurso(date);

  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/gerenciar/${raffle.id}`);
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByRole('radio', { name: /Loteria Federal/ }).check();
  // The default rule gives every ticket the same chance; the final would not, and says so.
  await expect(page.getByLabel('Regra', { exact: true })).toHaveValue('resto-5-premios');
  await expect(page.getByTestId('federal-chance')).toHaveText('Cada bilhete tem 1 chance em 8.');
  await page.getByLabel('Regra', { exact: true }).selectOption('final-1-premio');
  await expect(page.getByTestId('federal-chance')).toContainText('o bilhete 001 teria 30 % de chance; cada um dos outros, 10 %.');
  await page.getByLabel('Regra', { exact: true }).selectOption('resto-5-premios');
  await expect(page.getByTestId('federal-chance')).toHaveText('Cada bilhete tem 1 chance em 8.');
  // Concurso 5732 was drawn on 18/01/2023: refused for an extraction two days ahead, with the date
  // the calendar gives it beside the field; the concurso the date expects is taken.
  await page.getByLabel('Concurso').fill('5732');
  await expect(page.getByTestId('concurso-date')).toHaveText(
    'Pelo calendário regular da Loteria Federal (quartas e sábados), o concurso 5732 é por volta de 18/01/2023 (quarta-feira).',
  );
  await page.getByLabel('Data da extração').fill(date);
  await expect(page.getByLabel('Hora (Brasília)')).toHaveValue('19:00');
  await page.getByRole('button', { name: 'Salvar método de sorteio' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `O concurso 5732 foi sorteado antes da data da extração: pelo calendário da Loteria Federal (quartas e sábados), a extração de ${d}/${m}/${y} é a do concurso ${concurso}, aproximadamente.`,
  );
  await page.getByLabel('Concurso').fill(String(concurso));
  await expect(page.getByTestId('concurso-date')).toContainText(`o concurso ${concurso} é por volta de`);
  await page.getByRole('button', { name: 'Salvar método de sorteio' }).click();
  await expect(page.getByText('Sorteio atualizado')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('federal-settings-360.png'), fullPage: true });

  // From now on a ticket the rule cannot read is refused as it is added, under its field.
  await page.getByRole('tab', { name: 'Participantes' }).click();
  await page.getByLabel('Nome').fill('Iara');
  await page.getByLabel('Bilhete (opcional)').fill('1A');
  await page.getByRole('button', { name: 'Adicionar participante' }).click();
  await expect(page.getByText('O bilhete “1A” não é só algarismos: na Loteria Federal, cada bilhete precisa de um número só com algarismos.')).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue('Iara');

  await page.getByRole('tab', { name: 'Sorteio' }).click();
  const stage = page.getByTestId('federal-stage');
  await expect(stage).toContainText(`Resultado pela Loteria Federal, concurso ${concurso} de ${d}/${m}/${y}`);
  await stage.getByRole('button', { name: 'Fechar a lista para a extração' }).click();
  await page.getByRole('dialog', { name: 'Fechar a lista para a extração?' }).getByRole('button', { name: 'Fechar a lista' }).click();
  await expect(stage).toContainText('Lista fechada com 8 bilhete(s)');
  await expect(stage.getByTestId('federal-chance')).toHaveText('Cada bilhete tem 1 chance em 8.');

  const phone = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const viewer = await phone.newPage();
  await viewer.goto(`/sorteio/${raffle.code}`);
  await expect(viewer.getByTestId('federal-notice').first()).toContainText(`Resultado pela Loteria Federal, concurso ${concurso} de ${d}/${m}/${y}`);
  await expect(viewer.getByTestId('federal-notice').first()).toContainText('Regra: Resto da divisão pelo número de bilhetes');
  await expect(viewer.getByTestId('federal-chance').first()).toHaveText('Cada bilhete tem 1 chance em 8.');

  // The extraction has happened: on the server's clock (the file) and on the organiser's phone
  // (Playwright's clock, whose time then flows as usual), ten minutes after it.
  const shift = extractionAt - Date.now() + 10 * 60_000;
  ownServer.setClock(shift);
  await page.clock.install({ time: Date.now() + shift });
  await page.reload();
  // A real clock never jumps two days: the viewer's page, open since before, learns the server's
  // clock when it connects again.
  await viewer.reload();
  await expect(viewer.getByTestId('federal-notice').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await expect(page.getByTestId('federal-stage')).toBeVisible();

  await context.setOffline(true);
  for (const [i, prize] of OTHER.entries()) await page.getByLabel(`${i + 1}º prêmio`).fill(prize);
  await page.getByRole('button', { name: 'Conferir resultado' }).click();
  const confirm = page.getByTestId('federal-confirm');
  await expect(confirm).toContainText(`1º lugar: ${RULE_ROW} 5036033514455049436551100 → resto da divisão por 8: 4 → 5º de 8 → bilhete 005`);
  await expect(confirm).toContainText('2º lugar: Restam 7 bilhetes → resto da divisão por 7: 5 → 6º de 7 → bilhete 007');
  await confirm.getByRole('button', { name: 'Corrigir números' }).click();
  for (const [i, prize] of TYPO.entries()) await page.getByLabel(`${i + 1}º prêmio`).fill(prize);
  await page.getByRole('button', { name: 'Conferir resultado' }).click();
  await expect(confirm).toContainText(`1º lugar: ${RULE_ROW} 5036933514455049436551109 → resto da divisão por 8: 5 → 6º de 8 → bilhete 006`);
  await page.screenshot({ path: test.info().outputPath('federal-confirm-360.png'), fullPage: true });
  await confirm.getByRole('button', { name: 'Confirmar resultado' }).click();
  await expect(page.getByTestId('federal-result')).toContainText('Restam 7 bilhetes → resto da divisão por 7: 4 → 5º de 7 → bilhete 005');

  await context.setOffline(false);
  // The device checks the server's result by the rule, not as a seeded round: no false alarm.
  await expect(page.getByText('não confere com os compromissos')).toHaveCount(0);
  const show = viewer.getByRole('dialog', { name: 'Sorteio ao vivo' });
  const shown = show.getByRole('list', { name: 'Vencedores do sorteio' });
  await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 30_000 });
  await expect(shown.getByRole('listitem')).toHaveCount(2);
  await expect(shown).toContainText('006');
  await show.getByRole('button', { name: 'Fechar' }).click();

  // The typo is corrected: asked first, the five prizes typed again and confirmed. The
  // organiser's own screen played the reveal too: closed first.
  const own = page.getByRole('dialog', { name: 'Sorteio ao vivo' });
  await own.getByRole('button', { name: 'Fechar' }).click();
  await expect(own).toHaveCount(0);
  await page.getByRole('button', { name: 'Corrigir o resultado' }).click();
  const ask = page.getByRole('dialog', { name: 'Corrigir o resultado da extração?' });
  await expect(ask).toContainText('continua no registro público e na ata, marcado como substituído, com o horário da correção');
  await ask.getByRole('button', { name: 'Digitar os prêmios de novo' }).click();
  for (const [i, prize] of PRIZES.entries()) await page.getByLabel(`${i + 1}º prêmio`).fill(prize);
  await page.getByRole('button', { name: 'Conferir resultado' }).click();
  await expect(confirm).toContainText(`1º lugar: ${RULE_ROW} 5036633514455049436551105 → resto da divisão por 8: 1 → 2º de 8 → bilhete 002`);
  await confirm.getByRole('button', { name: 'Confirmar correção' }).click();
  await expect(page.getByTestId('federal-result')).toContainText('Restam 7 bilhetes → resto da divisão por 7: 1 → 2º de 7 → bilhete 003');
  await expect(page.getByTestId('federal-replaced')).toContainText('os prêmios informados antes (50369, 33514, 45504, 94365, 51109) foram substituídos');
  await page.reload();
  await page.getByRole('tab', { name: 'Sorteio' }).click();
  await expect(page.getByTestId('federal-result')).toContainText('Restam 7 bilhetes → resto da divisão por 7: 1 → 2º de 7 → bilhete 003');
  await expect(page.getByText('não confere com os compromissos')).toHaveCount(0);

  // The viewer, still on the page, gets the corrected winners as a new result, and is told.
  await expect(show.getByRole('heading', { name: 'Parabéns!' })).toBeVisible({ timeout: 30_000 });
  await expect(shown).toContainText('002');
  await expect(shown).not.toContainText('006');
  await show.getByRole('button', { name: 'Fechar' }).click();
  await expect(viewer.getByTestId('federal-correction').first()).toContainText(/Resultado corrigido às \d\d:\d\d/);
  await viewer.screenshot({ path: test.info().outputPath('federal-viewer-360.png') });

  const check = await phone.newPage();
  await check.goto(`/sorteio/${raffle.code}/verificar`);
  await expect(check.getByRole('status', { name: 'Resultado da conferência' }).getByText('Confere', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(check.getByTestId('federal-round')).toHaveCount(2);
  const round = check.getByTestId('federal-round').last();
  await expect(round).toContainText(`1º lugar: ${RULE_ROW} 5036633514455049436551105 → resto da divisão por 8: 1 → 2º de 8 → bilhete 002`);
  // The wrong entry stays, marked replaced with its time, and recomputes from its own prizes.
  await expect(check.getByTestId('replaced-round')).toContainText(/Resultado substituído em .* pela correção seguinte/);
  await expect(check.getByTestId('federal-round').first()).toContainText(`1º lugar: ${RULE_ROW} 5036933514455049436551109 → resto da divisão por 8: 5 → 6º de 8 → bilhete 006`);
  await expect(round).toContainText(`publicado pela Caixa (https://loterias.caixa.gov.br/Paginas/Federal.aspx): concurso ${concurso}, extração de ${d}/${m}/${y}.`);
  await expect(check.getByText(/rodada foi OFFLINE/)).toHaveCount(0);
  // Caixa's long address wraps: nothing is wider than the phone.
  expect(await check.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await check.screenshot({ path: test.info().outputPath('federal-verify-360.png'), fullPage: true });
  await phone.close();
});
