import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeList, enterResult } from '@/db/federal'
import { updateRaffle } from '@/db/raffles'
import { db, type RaffleRow } from '@/db/schema'
import { CORRECTION_NOTE } from '@/features/manage-raffle/draw/FederalStage'
import { makeRaffle, openManage, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'
import { expectedConcurso } from '@/protocol/federal-concurso'

beforeEach(resetDb)

const PRIZES = ['50366', '33514', '45504', '94365', '51105']
const TYPO = ['50512', ...PRIZES.slice(1)]
const HOUR = 3_600_000

/** A Loteria Federal raffle whose result was entered with the 1st prize typed wrong. */
async function enteredWrong(): Promise<RaffleRow> {
  const raffle = await makeRaffle(
    { winnersCount: 2 },
    ['12', '300', '366', '370', '800'].map((n) => ({ name: `Pessoa ${n}`, ticketNumber: n })),
  )
  const at = Math.floor((Date.now() + HOUR) / 60_000) * 60_000
  await updateRaffle(testUser.id, raffle.id, { drawMethod: 'federal', federal: { concurso: expectedConcurso(at), extraction_at: at, rule: 'resto-5-premios', digits: 0 } })
  await closeList(testUser.id, raffle.id)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 2 * HOUR)
  await enterResult(testUser.id, raffle.id, TYPO)
  vi.useRealTimers()
  return raffle
}

async function typePrizes(user: Awaited<ReturnType<typeof openManage>>['user'], prizes: string[]) {
  for (const [i, p] of prizes.entries()) await user.type(screen.getByLabelText(`${i + 1}º prêmio`), p)
  await user.click(screen.getByRole('button', { name: 'Conferir resultado' }))
}

describe("'Corrigir o resultado'", () => {
  it('asks first, saying the wrong entry stays in the record, then takes the five prizes again and queues draw.correct', async () => {
    const raffle = await enteredWrong()
    const { user } = await openManage(raffle)
    await user.click(screen.getByRole('tab', { name: 'Sorteio' }))
    await user.click(await screen.findByRole('button', { name: 'Corrigir o resultado' }))
    const dialog = screen.getByRole('dialog', { name: 'Corrigir o resultado da extração?' })
    expect(within(dialog).getByText(CORRECTION_NOTE)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Digitar os prêmios de novo' }))

    // The same prizes are refused, saying why.
    await typePrizes(user, TYPO)
    await user.click(await screen.findByRole('button', { name: 'Confirmar correção' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Os cinco prêmios informados são os mesmos do resultado registrado')
    expect((await db.outbox.toArray()).filter((op) => op.type === 'draw.correct')).toEqual([])

    for (let i = 1; i <= 5; i++) await user.clear(screen.getByLabelText(`${i}º prêmio`))
    await typePrizes(user, PRIZES)
    const confirm = await screen.findByTestId('federal-confirm')
    expect(
      within(confirm).getByText('1º lugar: Prêmios do 1º ao 5º em sequência: 5036633514455049436551105 → resto da divisão por 5: 0 → 1º de 5 → bilhete 12'),
    ).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Confirmar correção' }))
    expect(await screen.findByTestId('federal-replaced')).toHaveTextContent('os prêmios informados antes (50512, 33514, 45504, 94365, 51105) foram substituídos')
    expect(screen.getByText('Prêmios da extração: 50366, 33514, 45504, 94365, 51105')).toBeInTheDocument()
    const ops = (await db.outbox.toArray()).filter((op) => op.type === 'draw.correct')
    expect(ops.map((op) => (op.payload as { prizes: string[] }).prizes)).toEqual([PRIZES])
  })
})
