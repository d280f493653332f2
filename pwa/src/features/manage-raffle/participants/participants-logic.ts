// The participants list as pure functions: grouping tickets into people, the duplicate rule, ticket
// ranges, search and paging. No React and no IndexedDB here, so they are tested and measured alone.
//
// Why this shape (a raffle may hold 100,000 tickets of 10,000 people): the screen reads the
// tickets only when the raffle's participants change (useGroupIndex: a live query on a cheap change
// marker, then an incremental read, see src/db/queries.ts), builds a GroupIndex from them once, and
// keeps it. A keystroke then only runs filterGroups over the index already in memory: one substring
// test per person on a prepared, normalised text, about a millisecond for 10,000 people. Nothing is
// read from IndexedDB and no rows are copied into React state while typing. A Web Worker was
// considered and not used: the filter is far below a frame, and sending 10,000 groups back and
// forth would cost more than it saves.

import type { TicketColumns } from '@/db/schema'
import { compareDigitNumbers, isDigits } from '@/lib/ticket-numbers'
import { phoneDigits } from '@/protocol/phone'

export const PAGE_SIZE = 100

/** The ticket fields the list needs (a subset of ParticipantRow). */
export interface TicketInput {
  id: string
  groupId: string
  name: string
  email: string | null
  ticketNumber: string | null
  phone?: string | null
}

export interface TicketRange {
  first: string
  last: string
}

/** One person and their tickets. */
export interface ParticipantGroup {
  id: string
  name: string
  email: string | null
  /** E.164, or null when none (private: shown to the organiser only). */
  phone: string | null
  ticketCount: number
  /** The ticket numbers present, in creation order (tickets without a number are not listed). */
  ticketNumbers: string[]
  /** Lowest and highest ticket number in natural order; null when no ticket has a number. */
  range: TicketRange | null
  /** True when another person has the same name (see nameKey). */
  duplicate: boolean
  /** Name, e-mail, the phone's digits and ticket numbers, normalised for search, one per line. */
  searchText: string
}

export interface GroupIndex {
  groups: ParticipantGroup[]
  people: number
  tickets: number
  /**
   * False for a preview (previewIndex): only the first people are in `groups`, so searching and
   * later pages must wait, and no one is marked duplicate yet (a repeat may be further down).
   */
  complete: boolean
}

/**
 * The duplicate rule: two people "share a name" when the names match ignoring letter case and
 * spacing ('Ana  Souza ' = 'ana souza'). Those differences come from typing and spreadsheets, not
 * from different people. Accents are kept ('José' and 'Jose' are not flagged): the badge warns
 * about a probable double entry, and guessing further would flag real, distinct names.
 */
export function nameKey(name: string): string {
  // toLowerCase, not toLocaleLowerCase('pt-BR'): Portuguese has no special casing rules, and the
  // locale-aware call is several times slower over 10,000 names.
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** Search folds case, spacing and accents, so 'jose' finds 'José'. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' })

/**
 * Natural order for ticket numbers: all-digit numbers by value ('2' < '010', whatever the padding),
 * before anything else; other labels ('A-7', 'VIP 2') in pt-BR order with numbers inside compared
 * as numbers. The digit path avoids the collator for the common case (100,000 numeric tickets).
 */
export function compareTicketNumbers(a: string, b: string): number {
  const aDigits = isDigits(a)
  const bDigits = isDigits(b)
  if (aDigits && bDigits) return compareDigitNumbers(a, b)
  if (aDigits !== bDigits) return aDigits ? -1 : 1
  return collator.compare(a, b)
}

/** '001–003', or '042' for a single number, or '' when there is none. */
export function formatRange(range: TicketRange | null): string {
  if (!range) return ''
  return range.first === range.last ? range.first : `${range.first}–${range.last}`
}

/** A group's ticket numbers in natural order, for the expanded 'Ver todos os bilhetes' list. */
export function sortedTicketNumbers(group: ParticipantGroup): string[] {
  return [...group.ticketNumbers].sort(compareTicketNumbers)
}

interface Builder {
  group: ParticipantGroup
  keyParts: string[]
  nameKey: string
}

type Columns = Pick<TicketColumns, 'ids' | 'groups' | 'names' | 'emails' | 'numbers' | 'phones'>

/** Tickets as objects (tests, small lists) as columns, the store's shape. */
function asColumns(tickets: readonly TicketInput[] | TicketColumns): Columns {
  if (!Array.isArray(tickets)) return tickets as TicketColumns
  const list = tickets as readonly TicketInput[]
  return {
    ids: list.map((t) => t.id),
    groups: list.map((t) => t.groupId),
    names: list.map((t) => t.name),
    emails: list.map((t) => t.email),
    numbers: list.map((t) => t.ticketNumber),
    phones: list.map((t) => t.phone ?? null),
  }
}

/** Tickets start to end into their people (the first pass of buildGroupIndex). */
function groupTickets(c: Columns, byId: Map<string, Builder>, start: number, end: number): void {
  for (let i = start; i < end; i++) {
    const groupId = c.groups[i]!
    let entry = byId.get(groupId)
    if (!entry) {
      const name = c.names[i]!
      const email = c.emails[i] ?? null
      const phone = c.phones?.[i] ?? null
      entry = {
        group: {
          id: groupId,
          name,
          email,
          phone,
          ticketCount: 0,
          ticketNumbers: [],
          range: null,
          duplicate: false,
          searchText: '',
        },
        keyParts: [searchKey(name), (email ?? '').toLowerCase(), phone ? phoneDigits(phone) : ''],
        nameKey: nameKey(name),
      }
      byId.set(groupId, entry)
    }
    const group = entry.group
    group.ticketCount++
    const number = c.numbers[i]?.trim()
    if (number) {
      group.ticketNumbers.push(number)
      entry.keyParts.push(isDigits(number) ? number : searchKey(number))
      if (!group.range) group.range = { first: number, last: number }
      else if (compareTicketNumbers(number, group.range.first) < 0) group.range.first = number
      else if (compareTicketNumbers(number, group.range.last) > 0) group.range.last = number
    }
  }
}

/** The people grouped, with their duplicate badges and search texts; `pause()` every `slice` people when given. */
function finishIndex(byId: Map<string, Builder>, tickets: number): GroupIndex
function finishIndex(byId: Map<string, Builder>, tickets: number, pause: () => Promise<void>, slice: number): Promise<GroupIndex>
function finishIndex(byId: Map<string, Builder>, tickets: number, pause?: () => Promise<void>, slice = Infinity): GroupIndex | Promise<GroupIndex> {
  const nameCounts = new Map<string, number>()
  for (const entry of byId.values()) {
    nameCounts.set(entry.nameKey, (nameCounts.get(entry.nameKey) ?? 0) + 1)
  }
  const entries = [...byId.values()]
  const groups: ParticipantGroup[] = []
  const finish = (start: number, end: number) => {
    for (let i = start; i < end; i++) {
      const { group, keyParts, nameKey: key } = entries[i]!
      group.duplicate = (nameCounts.get(key) ?? 0) > 1
      // Newlines keep a term from matching across two fields (the search box is one line).
      group.searchText = keyParts.join('\n')
      groups.push(group)
    }
  }
  const done = (): GroupIndex => ({ groups, people: groups.length, tickets, complete: true })
  if (!pause) {
    finish(0, entries.length)
    return done()
  }
  return (async () => {
    for (let start = 0; start < entries.length; start += slice) {
      await pause()
      finish(start, Math.min(start + slice, entries.length))
    }
    return done()
  })()
}

/**
 * Groups tickets (already in list order) into people, in order of each person's first ticket.
 * One pass over the tickets plus one over the groups: linear in the ticket count. Reads the
 * store's columns as they are: no object per ticket is made.
 */
export function buildGroupIndex(tickets: readonly TicketInput[] | TicketColumns): GroupIndex {
  const c = asColumns(tickets)
  const byId = new Map<string, Builder>()
  groupTickets(c, byId, 0, c.ids.length)
  return finishIndex(byId, c.ids.length)
}

/** Tickets grouped between two pauses of buildGroupIndexInSlices: a few milliseconds of work. */
export const INDEX_SLICE = 5000

/**
 * The same index as buildGroupIndex, a slice of tickets at a time with `pause()` between slices
 * (the caller gives the page back to the browser there), so grouping 100,000 tickets after an
 * import or a pull never holds the page in one long task.
 */
export async function buildGroupIndexInSlices(c: TicketColumns, pause: () => Promise<void>, slice = INDEX_SLICE): Promise<GroupIndex> {
  const byId = new Map<string, Builder>()
  for (let start = 0; start < c.ids.length; start += slice) {
    if (start > 0) await pause()
    groupTickets(c, byId, start, Math.min(start + slice, c.ids.length))
  }
  return finishIndex(byId, c.ids.length, pause, slice)
}

/**
 * The list's first people (every ticket of each, in list order) with the raffle's totals, shown
 * while the whole index is still being read. When the first people are everyone it is the whole
 * index. Otherwise the duplicate badges stay off: a name among the first people may repeat further
 * down, and a badge that appears a moment later is better than a wrong one.
 */
export function previewIndex(tickets: readonly TicketInput[] | TicketColumns, totals: { people: number; tickets: number }): GroupIndex {
  const built = buildGroupIndex(tickets)
  if (built.people >= totals.people && built.tickets >= totals.tickets) return built
  for (const group of built.groups) group.duplicate = false
  return { groups: built.groups, people: totals.people, tickets: totals.tickets, complete: false }
}

/**
 * The people whose name, e-mail or a ticket number contains the term; all of them for a blank term.
 * On a preview only the blank term is answerable; the list waits for the whole index to search.
 */
export function filterGroups(index: GroupIndex, term: string): ParticipantGroup[] {
  const key = searchKey(term)
  if (!key) return index.groups
  // A phone typed as people write it ('(11) 91234-5678', '+55 11 9…') is searched by its digits,
  // which is how the index holds it.
  const digits = PHONE_LIKE.test(term) ? phoneDigits(term) : ''
  if (digits.length >= 4 && digits !== key) return index.groups.filter((group) => group.searchText.includes(key) || group.searchText.includes(digits))
  return index.groups.filter((group) => group.searchText.includes(key))
}

const PHONE_LIKE = /^[\d\s()+.-]+$/

export interface Page {
  visible: ParticipantGroup[]
  /** How many matching people are not shown yet. */
  remaining: number
}

/**
 * The first `pages` pages of 100 people. `total` is how many match when `groups` holds only the
 * first of them (a preview: all the raffle's people, of which the first page is in memory).
 */
export function pageOf(groups: readonly ParticipantGroup[], pages: number, total = groups.length): Page {
  const visible = groups.slice(0, Math.max(1, pages) * PAGE_SIZE)
  return { visible, remaining: Math.max(total, groups.length) - visible.length }
}
