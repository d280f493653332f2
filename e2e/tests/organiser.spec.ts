import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createAccount, uniqueEmail } from './helpers';

// The organiser's whole flow on the manage screen, once online and once with the network off from
// the start; both must leave the server with the same state.

const syncBar = (page: Page) => page.getByRole('region', { name: 'Sincronização' });

// Each flow is some 30 steps: on a loaded two-core machine they take 25-35 s, so the default 30 s
// budget failed them at their last step.
test.describe.configure({ timeout: 90_000 });

async function signedIn(context: BrowserContext) {
  await createAccount(context.request, uniqueEmail('org'), 'segredo1');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Meus Sorteios' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  return page;
}

/** Create -> add three (two named alike) -> search -> copy ID -> remove one -> settings -> reload. */
async function organiserFlow(page: Page) {
  await page.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await expect(page.getByRole('heading', { name: 'Criar Novo Sorteio' })).toBeVisible();
  await page.getByLabel('Título').fill('Rifa da igreja');
  await page.getByRole('radio', { name: 'Com Bilhetes' }).check();
  await page.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(page.getByText('Sorteio criado!')).toBeVisible();
  await expect(page).toHaveURL(/\/gerenciar\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Aguardando')).toBeVisible();

  for (const [name, ticket] of [
    ['Ana Souza', '001'],
    ['Bia Lima', '002'],
    ['ana souza', '003'],
  ]) {
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await page.getByLabel('Bilhete (opcional)').fill(ticket);
    await page.getByRole('button', { name: 'Adicionar participante' }).click();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
  }
  const list = page.getByRole('list', { name: 'Participantes' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('Duplicado')).toHaveCount(2);

  await page.getByRole('searchbox').fill('bia');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Mostrando 1 de 1')).toBeVisible(); // 1 shown of the 1 that matches
  await page.getByRole('searchbox').fill('zzz');
  await expect(page.getByText('Nenhum participante encontrado para "zzz"')).toBeVisible();
  await page.getByRole('searchbox').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(3);

  const bia = list.getByRole('listitem').filter({ hasText: 'Bia Lima' });
  await bia.getByRole('button', { name: /Copiar ID/ }).click();
  await expect(page.getByText('ID copiado!')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[0-9a-f-]{36}$/);

  await bia.getByRole('button', { name: 'Remover Bia Lima e seus 1 bilhete(s)' }).click();
  await page.getByRole('dialog', { name: 'Remover participante?' }).getByRole('button', { name: 'Remover' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Configurações' }).click();
  await page.getByLabel('Título').fill('Rifa da igreja matriz');
  await page.getByLabel('Título').blur();
  await expect(page.getByText('Sorteio atualizado').first()).toBeVisible();
  await page.getByLabel('Número de vencedores').fill('2');
  await page.getByLabel('Número de vencedores').blur();
  await page.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' }).click();
  await expect(page.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' })).toHaveAttribute('aria-checked', 'true');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rifa da igreja matriz' })).toBeVisible();
  await page.getByRole('tab', { name: 'Configurações' }).click();
  await expect(page.getByLabel('Número de vencedores')).toHaveValue('2');
  await expect(page.getByRole('switch', { name: 'Permitir que a mesma pessoa ganhe mais de uma vez' })).toHaveAttribute('aria-checked', 'true');
  return { groupId: copied, raffleId: page.url().split('/').pop()! };
}

/**
 * What the server holds must be what the organiser did. Asked until it holds: the sync bar's
 * count follows a write a moment after the write's own toast.
 */
async function expectServerState(context: BrowserContext, raffleId: string, removedGroup: string) {
  await expect(async () => serverStateHolds(context, raffleId, removedGroup)).toPass();
}

async function serverStateHolds(context: BrowserContext, raffleId: string, removedGroup: string) {
  const snap = await (await context.request.get(`/api/sync/raffles/${raffleId}/snapshot`)).json();
  expect(snap.raffle.title).toBe('Rifa da igreja matriz');
  expect(snap.raffle.type).toBe('tickets');
  expect(snap.raffle.winners_count).toBe(2);
  expect(snap.raffle.allow_duplicate_wins).toBe(true);
  const people = snap.participants.map((p: { name: string; ticket_number: string }) => `${p.name}:${p.ticket_number}`).sort();
  expect(people).toEqual(['Ana Souza:001', 'ana souza:003']);
  expect(snap.participants.some((p: { group_id: string }) => p.group_id === removedGroup)).toBe(false);
}

async function deleteFromDashboard(page: Page) {
  await page.getByRole('link', { name: 'Voltar para Meus Sorteios' }).click();
  await page.getByRole('button', { name: 'Excluir sorteio Rifa da igreja matriz' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Sorteio excluído!')).toBeVisible();
  await expect(page.getByText('Nenhum sorteio ainda')).toBeVisible();
}

async function expectDeletedOnServer(context: BrowserContext, raffleId: string) {
  await expect
    .poll(async () => {
      const feed = await (await context.request.get('/api/sync/raffles')).json();
      return feed.raffles.find((r: { id: string }) => r.id === raffleId)?.deleted;
    })
    .toBe(true);
}

test('the organiser flow, online', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await signedIn(context);
  const { raffleId, groupId } = await organiserFlow(page);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expectServerState(context, raffleId, groupId);
  await deleteFromDashboard(page);
  await expectDeletedOnServer(context, raffleId);
  await context.close();
});

test('the organiser flow with the network off from the start, then on', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await signedIn(context);
  await context.setOffline(true);
  const { raffleId, groupId } = await organiserFlow(page);
  await expect(syncBar(page)).toContainText('Offline');
  await context.setOffline(false);
  await expect(syncBar(page)).toContainText('Tudo sincronizado');
  await expectServerState(context, raffleId, groupId);

  await context.setOffline(true);
  await deleteFromDashboard(page);
  await context.setOffline(false);
  await expectDeletedOnServer(context, raffleId);
  await context.close();
});

test("another organiser's raffle shows the permission error and goes to the dashboard", async ({ browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await signedIn(owner);
  await ownerPage.getByRole('link', { name: 'Criar Primeiro Sorteio' }).click();
  await ownerPage.getByLabel('Título').fill('Rifa particular');
  await ownerPage.getByRole('button', { name: 'Criar Sorteio' }).click();
  await expect(ownerPage).toHaveURL(/\/gerenciar\//);
  const url = new URL(ownerPage.url()).pathname;
  await expect(syncBar(ownerPage)).toContainText('Tudo sincronizado');

  const other = await browser.newContext();
  const otherPage = await signedIn(other);
  await otherPage.goto(url);
  await expect(otherPage.getByText('Sorteio não encontrado ou você não tem permissão')).toBeVisible();
  await expect(otherPage).toHaveURL(/\/dashboard$/);
  await expect(otherPage.getByText('Rifa particular')).toHaveCount(0);
  await owner.close();
  await other.close();
});
