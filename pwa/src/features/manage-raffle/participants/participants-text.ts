// The pt-BR wording of the participants list, in one place so the screen and its tests agree.

const numberFormat = new Intl.NumberFormat('pt-BR')

/** 10000 → '10.000' */
export function formatCount(n: number): string {
  return numberFormat.format(n)
}

export function peopleLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'participante' : 'participantes'}`
}

export function ticketsLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'bilhete' : 'bilhetes'}`
}

interface SummaryInput {
  people: number
  tickets: number
  /** People matching the search (all of them without one). */
  matched: number
  shown: number
  searching: boolean
  /** Ticket raffles always count tickets; simple ones only when someone holds more than one entry. */
  showTickets: boolean
}

/**
 * '3 participantes · 5 bilhetes' when the whole list is on screen; otherwise
 * 'Mostrando X de Y', X people shown of the Y that match (so 'Carregar mais (Y−X restantes)' adds up).
 */
export function summaryText({ people, tickets, matched, shown, searching, showTickets }: SummaryInput): string {
  if (searching || shown < matched) return `Mostrando ${formatCount(shown)} de ${formatCount(matched)}`
  return showTickets ? `${peopleLabel(people)} · ${ticketsLabel(tickets)}` : peopleLabel(people)
}

export function loadMoreLabel(remaining: number): string {
  return `Carregar mais (${formatCount(remaining)} restantes)`
}

export function emptyText(term: string): string {
  const trimmed = term.trim()
  return trimmed ? `Nenhum participante encontrado para "${trimmed}"` : 'Nenhum participante cadastrado ainda.'
}

/** The spec's words; without tickets to speak of (a simple raffle's one entry) the name alone (docs/decisions.md). */
export function removeTitle(name: string, tickets: number, withTickets = true): string {
  return withTickets ? `Remover ${name} e seus ${tickets} bilhete(s)` : `Remover ${name}`
}

/** Up to this many ticket numbers are named one by one in the removal dialog; more, by their range. */
const NAMED_TICKETS = 5

function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`
}

/**
 * What the removal dialog says follows the name: ' e o bilhete 778 sairão do sorteio.', ' e os
 * bilhetes 001, 002 e 003 sairão...', or for many ' e os 250 bilhetes (001 a 250) sairão...'. People
 * at a rifa check paper tickets: the numbers, not a count, tell them which go.
 */
export function removalSentence(count: number, numbers: readonly string[], range: { first: string; last: string } | null): string {
  const all = numbers.length === count
  if (count === 1) return all ? ` e o bilhete ${numbers[0]} sairão do sorteio.` : ' e o seu bilhete sairão do sorteio.'
  if (all && count <= NAMED_TICKETS) return ` e os bilhetes ${listed(numbers)} sairão do sorteio.`
  const span = range && range.first !== range.last ? ` (${range.first} a ${range.last})` : ''
  return ` e os ${formatCount(count)} bilhetes${span} sairão do sorteio.`
}

export function removedMessage(name: string, tickets: number, withTickets = true): string {
  return withTickets ? `${name} removido(a) com ${tickets} bilhete(s)` : `${name} removido(a)`
}

/**
 * The 8 characters of a group id the copy button shows. The spec says the first 8, but ids here are
 * UUIDv7, whose first 8 hex digits are the creation time in 65-second steps: everyone added or
 * imported in the same minute would show the same 8 characters. The last 8 come from the random
 * part (which counts up within one millisecond), so they tell people apart, which is what the short
 * id is for. The button still copies the whole id.
 */
export function shortId(id: string): string {
  return id.slice(-8)
}
