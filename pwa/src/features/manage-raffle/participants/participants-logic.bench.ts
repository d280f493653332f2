// Speed of the participants list at the largest allowed raffle: 10,000 people, 100,000 tickets.
// Run with `npx vitest bench src/features/manage-raffle` from pwa/ (not part of `npm test`).
import { bench, describe } from 'vitest'
import { buildGroupIndex, filterGroups, pageOf, type TicketInput } from '@/features/manage-raffle/participants/participants-logic'

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Élida', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'João']
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Gomes', 'Ribeiro', 'Carvalho', 'Araújo', 'Melo']

function bigRaffle(people = 10_000, ticketsEach = 10): TicketInput[] {
  const tickets: TicketInput[] = []
  for (let p = 0; p < people; p++) {
    const name = `${FIRST[p % 10]} ${LAST[Math.floor(p / 10) % 10]} ${p}`
    for (let t = 0; t < ticketsEach; t++) {
      tickets.push({
        id: `t-${p}-${t}`,
        groupId: `g-${p}`,
        name,
        email: p % 3 === 0 ? `pessoa${p}@exemplo.com.br` : null,
        ticketNumber: String(p * ticketsEach + t + 1).padStart(6, '0'),
      })
    }
  }
  return tickets
}

const tickets = bigRaffle()
const index = buildGroupIndex(tickets)

describe('10,000 people / 100,000 tickets', () => {
  bench('buildGroupIndex (once per change of the participants)', () => {
    buildGroupIndex(tickets)
  })
  bench('search by name, folded accents ("joao")', () => {
    pageOf(filterGroups(index, 'joao'), 1)
  })
  bench('search by e-mail ("exemplo.com")', () => {
    pageOf(filterGroups(index, 'exemplo.com'), 1)
  })
  bench('search by ticket number ("054321")', () => {
    pageOf(filterGroups(index, '054321'), 1)
  })
  bench('search with no match ("zzz")', () => {
    pageOf(filterGroups(index, 'zzz'), 1)
  })
})
