// Shared set-up for this feature's tests (imported only by *.test.tsx files).
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { addPeople, type NewPerson } from '@/db/participants'
import { createRaffle, type NewRaffle } from '@/db/raffles'
import { db, type RaffleRow } from '@/db/schema'
import { renderApp, signedIn, testUser } from '@/test/render'

export async function resetDb() {
  await Promise.all(db.tables.map((table) => table.clear()))
}

export async function makeRaffle(input: Partial<NewRaffle> = {}, people: NewPerson[] = []): Promise<RaffleRow> {
  const raffle = await createRaffle(testUser.id, {
    title: 'Rifa da Escola',
    description: 'Prêmio: bicicleta',
    type: 'tickets',
    winnersCount: 2,
    countdownSeconds: 10,
    ...input,
  })
  if (people.length > 0) await addPeople(testUser.id, raffle.id, people)
  return raffle
}

/** Opens /gerenciar/{id} and waits for the raffle's title. */
export async function openManage(raffle: RaffleRow) {
  const view = renderApp(`/gerenciar/${raffle.id}`, { session: signedIn })
  await screen.findByRole('heading', { name: raffle.title, level: 1 })
  return { ...view, user: userEvent.setup() }
}
