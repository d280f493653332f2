// The words for a draw's pool, shared by the organiser's confirmation and the public screens, so
// the room reads the same numbers and fingerprint the organiser was shown.

const n = (value: number) => value.toLocaleString('pt-BR')
const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`

/** The pool's fingerprint: the first 8 hex characters of its digest, as the verification page shows it. */
export function poolFingerprint(digest: string): string {
  return digest.slice(0, 8)
}

export const FINGERPRINT_NOTE = 'Esta é a impressão digital da lista: ela fica registrada e qualquer um pode conferir depois.'

export interface PoolCounts {
  tickets: number
  /** People in the pool, when known. */
  people: number | null
  simple: boolean
}

/** '25 bilhetes de 18 pessoas'; '18 pessoas' in a simple raffle (one ticket each). */
export function poolText({ tickets, people, simple }: PoolCounts): string {
  if (simple) return plural(tickets, 'pessoa', 'pessoas')
  const t = plural(tickets, 'bilhete', 'bilhetes')
  return people === null ? t : `${t} de ${plural(people, 'pessoa', 'pessoas')}`
}

/** The question before a draw starts: 'Sortear 3 vencedores entre 25 bilhetes de 18 pessoas?' */
export function drawQuestion(winners: number, pool: PoolCounts): string {
  return `Sortear ${plural(winners, 'vencedor', 'vencedores')} entre ${poolText(pool)}?`
}

/** What the room sees once a round opens: 'Sorteio entre 25 bilhetes de 18 pessoas'. */
export function roundPoolText(pool: PoolCounts): string {
  return `Sorteio entre ${poolText(pool)}`
}

export const FINGERPRINT_LABEL = 'Impressão digital da lista:'

export function fingerprintLine(digest: string): string {
  return `${FINGERPRINT_LABEL} ${poolFingerprint(digest)}`
}
