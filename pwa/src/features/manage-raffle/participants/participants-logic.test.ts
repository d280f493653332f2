import { describe, expect, it } from 'vitest'
import { newId } from '@/db/ids'
import {
  buildGroupIndex,
  buildGroupIndexInSlices,
  compareTicketNumbers,
  filterGroups,
  formatRange,
  PAGE_SIZE,
  pageOf,
  previewIndex,
  sortedTicketNumbers,
  type TicketInput,
} from '@/features/manage-raffle/participants/participants-logic'
import { emptyText, loadMoreLabel, removalSentence, removedMessage, removeTitle, shortId, summaryText } from '@/features/manage-raffle/participants/participants-text'

let seq = 0
function ticket(groupId: string, name: string, ticketNumber: string | null = null, email: string | null = null): TicketInput {
  seq++
  return { id: `t${seq}`, groupId, name, email, ticketNumber }
}

function people(n: number, ticketsEach = 1): TicketInput[] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: ticketsEach }, (_, j) => ticket(`g${i}`, `Pessoa ${i}`, String(i * ticketsEach + j + 1).padStart(3, '0')))).flat()
}

describe('buildGroupIndex', () => {
  it('groups tickets by group id, in order of first appearance, counting tickets', () => {
    const index = buildGroupIndex([ticket('b', 'Bruno', '004'), ticket('a', 'Ana', '001'), ticket('b', 'Bruno', '005'), ticket('a', 'Ana', '002'), ticket('a', 'Ana', '003')])
    expect(index.people).toBe(2)
    expect(index.tickets).toBe(5)
    expect(index.groups.map((g) => [g.id, g.name, g.ticketCount])).toEqual([
      ['b', 'Bruno', 2],
      ['a', 'Ana', 3],
    ])
    expect(index.groups[1]!.ticketNumbers).toEqual(['001', '002', '003'])
  })

  it('keeps people with the same name apart when their group ids differ', () => {
    const index = buildGroupIndex([ticket('x', 'Ana'), ticket('y', 'Ana')])
    expect(index.people).toBe(2)
  })

  it("flags 'Duplicado' ignoring case and spacing, but not accents or single groups", () => {
    const index = buildGroupIndex([ticket('1', 'Ana Souza'), ticket('2', '  ana   SOUZA '), ticket('3', 'José'), ticket('4', 'Jose'), ticket('5', 'Carla'), ticket('5', 'Carla')])
    const dup = Object.fromEntries(index.groups.map((g) => [g.id, g.duplicate]))
    expect(dup).toEqual({ '1': true, '2': true, '3': false, '4': false, '5': false })
  })
})

describe('buildGroupIndexInSlices', () => {
  it('builds the same index as buildGroupIndex, pausing between slices of tickets and of people', async () => {
    const tickets = [...people(7, 3), ticket('g1', 'Pessoa 1', '900'), ticket('x', 'pessoa 2 ')]
    const columns = {
      ids: tickets.map((t) => t.id),
      groups: tickets.map((t) => t.groupId),
      names: tickets.map((t) => t.name),
      emails: tickets.map((t) => t.email),
      numbers: tickets.map((t) => t.ticketNumber),
      createdAt: tickets.map(() => 0),
    }
    let pauses = 0
    const sliced = await buildGroupIndexInSlices(columns, async () => void pauses++, 4)
    expect(sliced).toEqual(buildGroupIndex(tickets))
    // 23 tickets in slices of 4 (5 pauses), then 8 people in slices of 4 (2 pauses).
    expect(pauses).toBe(7)
  })
})

describe('previewIndex', () => {
  it('is the whole index, duplicates included, when the first people are everyone', () => {
    const tickets = [ticket('a', 'Ana', '1'), ticket('b', 'ana')]
    const preview = previewIndex(tickets, { people: 2, tickets: 2 })
    expect(preview.complete).toBe(true)
    expect(preview.groups.map((g) => g.duplicate)).toEqual([true, true])
  })

  it('takes the totals from the raffle and flags no one while people are missing', () => {
    // 'Ana' may well repeat further down, so no badge yet rather than a wrong one.
    const tickets = [ticket('a', 'Ana', '1'), ticket('b', 'ana', '2'), ticket('a', 'Ana', '3')]
    const preview = previewIndex(tickets, { people: 500, tickets: 5000 })
    expect(preview).toMatchObject({ people: 500, tickets: 5000, complete: false })
    expect(preview.groups.map((g) => [g.id, g.ticketCount, formatRange(g.range), g.duplicate])).toEqual([
      ['a', 2, '1–3', false],
      ['b', 1, '2', false],
    ])
    expect(pageOf(preview.groups, 1, preview.people)).toMatchObject({ remaining: 498 })
  })
})

describe('ticket ranges', () => {
  const rangeOf = (numbers: Array<string | null>) => formatRange(buildGroupIndex(numbers.map((n) => ticket('g', 'Ana', n))).groups[0]!.range)

  it('spans the lowest to the highest number, whatever the insertion order', () => {
    expect(rangeOf(['003', '001', '002'])).toBe('001–003')
    expect(rangeOf(['10', '9', '100'])).toBe('9–100')
  })

  it('shows a single number alone and nothing when no ticket has a number', () => {
    expect(rangeOf(['042'])).toBe('042')
    expect(rangeOf([null, null])).toBe('')
    expect(rangeOf(['', '  '])).toBe('')
  })

  it('skips missing numbers but still counts their tickets', () => {
    const group = buildGroupIndex([ticket('g', 'Ana', null), ticket('g', 'Ana', '007'), ticket('g', 'Ana', '002')]).groups[0]!
    expect(group.ticketCount).toBe(3)
    expect(formatRange(group.range)).toBe('002–007')
    expect(group.ticketNumbers).toEqual(['007', '002'])
  })

  it('orders non-numeric labels naturally, after plain numbers', () => {
    expect(rangeOf(['B-2', 'A-10', 'A-9'])).toBe('A-9–B-2')
    expect(rangeOf(['VIP', '5'])).toBe('5–VIP')
    const group = buildGroupIndex(['A-10', '7', 'A-9', '010'].map((n) => ticket('g', 'Ana', n))).groups[0]!
    expect(sortedTicketNumbers(group)).toEqual(['7', '010', 'A-9', 'A-10'])
  })

  it('compares zero-padded numbers by value', () => {
    expect(compareTicketNumbers('002', '10')).toBeLessThan(0)
    expect(compareTicketNumbers('100', '099')).toBeGreaterThan(0)
    expect(compareTicketNumbers('5', '5')).toBe(0)
  })
})

describe('filterGroups', () => {
  const index = buildGroupIndex([
    ticket('1', 'Ana Souza', '001', 'ana@exemplo.com'),
    ticket('1', 'Ana Souza', '002', 'ana@exemplo.com'),
    ticket('2', 'José Lima', '017', null),
    ticket('3', 'Bruno', '120', 'bruno@Correio.com.br'),
  ])
  const ids = (term: string) => filterGroups(index, term).map((g) => g.id)

  it('returns everybody for a blank term', () => {
    expect(ids('   ')).toEqual(['1', '2', '3'])
  })

  it('matches names ignoring case, spacing and accents', () => {
    expect(ids('ANA')).toEqual(['1'])
    expect(ids('jose')).toEqual(['2'])
    expect(ids('  josé   lima ')).toEqual(['2'])
  })

  it('matches e-mails', () => {
    expect(ids('correio.com')).toEqual(['3'])
    expect(ids('@exemplo')).toEqual(['1'])
  })

  it('matches any ticket number of a person, not only the first', () => {
    expect(ids('002')).toEqual(['1'])
    expect(ids('17')).toEqual(['2'])
    expect(ids('12')).toEqual(['3'])
  })

  it('does not match across fields', () => {
    expect(ids('souza ana')).toEqual([])
    expect(ids('nobody')).toEqual([])
  })
})

describe('paging and wording', () => {
  it('shows 100 people a page and counts the rest', () => {
    const index = buildGroupIndex(people(250, 2))
    const first = pageOf(index.groups, 1)
    expect(first.visible).toHaveLength(PAGE_SIZE)
    expect(first.remaining).toBe(150)
    expect(loadMoreLabel(first.remaining)).toBe('Carregar mais (150 restantes)')
    expect(pageOf(index.groups, 3)).toMatchObject({ remaining: 0 })
    expect(pageOf(index.groups, 3).visible).toHaveLength(250)
  })

  it("summarises totals when everything is shown, 'Mostrando X de Y' otherwise", () => {
    const base = { people: 3, tickets: 5, matched: 3, shown: 3, searching: false, showTickets: true }
    expect(summaryText(base)).toBe('3 participantes · 5 bilhetes')
    expect(summaryText({ ...base, people: 1, tickets: 1, matched: 1, shown: 1 })).toBe('1 participante · 1 bilhete')
    expect(summaryText({ ...base, showTickets: false })).toBe('3 participantes')
    expect(summaryText({ ...base, people: 10000, tickets: 100000, matched: 10000, shown: 100 })).toBe('Mostrando 100 de 10.000')
    expect(summaryText({ ...base, matched: 2, shown: 2, searching: true })).toBe('Mostrando 2 de 2')
    expect(loadMoreLabel(9900)).toBe('Carregar mais (9.900 restantes)')
  })

  it('words the empty states and removal as the spec does', () => {
    expect(emptyText('')).toBe('Nenhum participante cadastrado ainda.')
    expect(emptyText(' zé ')).toBe('Nenhum participante encontrado para "zé"')
    expect(removeTitle('Ana', 3)).toBe('Remover Ana e seus 3 bilhete(s)')
    // The dialog names the tickets, in the singular for one.
    expect(`Maria José da Silva${removalSentence(1, ['778'], { first: '778', last: '778' })}`).toBe('Maria José da Silva e o bilhete 778 sairão do sorteio.')
    expect(removalSentence(2, ['007', '012'], { first: '007', last: '012' })).toBe(' e os bilhetes 007 e 012 sairão do sorteio.')
    expect(removalSentence(1200, ['001'], { first: '001', last: '1200' })).toBe(' e os 1.200 bilhetes (001 a 1200) sairão do sorteio.')
    expect(removalSentence(3, [], null)).toBe(' e os 3 bilhetes sairão do sorteio.')
    expect(removedMessage('Ana', 3)).toBe('Ana removido(a) com 3 bilhete(s)')
    // A simple raffle's one entry: no tickets to speak of.
    expect(removeTitle('Ana', 1, false)).toBe('Remover Ana')
    expect(removedMessage('Ana', 1, false)).toBe('Ana removido(a)')
  })

  it('gives people added in the same minute different short ids', () => {
    // UUIDv7: the first 8 characters are the time, so the short id uses the end instead.
    const a = newId(1_700_000_000_000)
    const b = newId(1_700_000_000_000)
    expect(a.slice(0, 8)).toBe(b.slice(0, 8))
    expect(shortId(a)).toHaveLength(8)
    expect(shortId(a)).not.toBe(shortId(b))
    expect(shortId('0190d3c4-0000-7000-8000-0000abcd1234')).toBe('abcd1234')
  })
})
