// The story of the rounds (docs/draw-algorithm.md §10): each round recomputing on its own is not
// enough, since a redraw relabelled as a first draw over a pool of its own would recompute too. The
// completed rounds are read in order against one table of allowed steps; the sentences are word for
// word those of sync/draw/story.go, and sync/testdata/draw/records-tampered.json holds them.
import type { AuditExport, AuditRound, AuditWinner } from '@/features/verify-draw/audit-record'

export const STORY_TEXT = {
  redrawFirst: 'Re-sorteio antes de qualquer sorteio inicial concluído: não há de onde derivar o conjunto de bilhetes.',
  secondDraw: 'Sorteio inicial depois de outro já concluído: depois do primeiro sorteio só há re-sorteios de lugares invalidados.',
  unknownKind: 'Rodada de tipo desconhecido: só há sorteio e re-sorteio.',
  setting: 'Esta rodada muda a regra de repetir pessoas do sorteio inicial.',
  redrawPlaces: (n: number) => `Um re-sorteio preenche um só lugar, mas este sorteia ${n}.`,
  neverDrawn: (p: number) => `Re-sorteio do ${p}º lugar, que nenhuma rodada anterior sorteou.`,
  notInvalidated: (p: number) => `Re-sorteio do ${p}º lugar, cujo vencedor não foi invalidado.`,
  beforeInvalidation: (p: number) => `Re-sorteio do ${p}º lugar iniciado antes da invalidação do vencedor desse lugar.`,
  ticketTwice: (p: number, q: number, n: number) => `O ${p}º lugar vai para um bilhete que já ganhou o ${q}º lugar na ${n}ª rodada.`,
  personTwice: (p: number, q: number, n: number) =>
    `O ${p}º lugar vai para uma pessoa que já ganhou o ${q}º lugar na ${n}ª rodada, e este sorteio não permite repetir pessoas.`,
}

/** Where the story stands between two completed rounds. */
type Stage = 'undrawn' | 'drawn'

/** What a completed round of one kind does at one stage: refused (with why), or allowed with its own checks. */
interface StoryStep {
  refused?: string
  check?: (story: Story, round: AuditRound) => string[]
  next: Stage
}

/** The table of allowed steps; a kind missing from a stage's row is refused as unknown. */
const STORY_RULES: Record<Stage, Partial<Record<string, StoryStep>>> = {
  undrawn: {
    draw: { next: 'drawn' },
    redraw: { refused: STORY_TEXT.redrawFirst, next: 'undrawn' },
  },
  drawn: {
    draw: { refused: STORY_TEXT.secondDraw, next: 'drawn' },
    redraw: { check: (story, round) => story.redrawsInvalidated(round), next: 'drawn' },
  },
}

interface Prize {
  round: number
  position: number
}

class Story {
  stage: Stage = 'undrawn'
  private first = false
  private allowDup = false
  private readonly groupOf = new Map<string, string>()
  private readonly holders = new Map<number, string>()
  private readonly tickets = new Map<string, Prize>()
  private readonly people = new Map<string, Prize>()
  private readonly standings = new Map<string, AuditWinner>()

  constructor(winners: readonly AuditWinner[]) {
    for (const w of winners) this.standings.set(`${w.position}:${w.ticket_id}`, w)
  }

  step(round: AuditRound, index: number): string[] {
    const problems: string[] = []
    const rule = STORY_RULES[this.stage][round.kind]
    if (!rule) problems.push(STORY_TEXT.unknownKind)
    else if (rule.refused) problems.push(rule.refused)
    else if (rule.check) problems.push(...rule.check(this, round))

    if (round.kind === 'draw' && !this.first) {
      this.first = true
      this.allowDup = round.allow_duplicate_wins
      for (const t of round.pool ?? []) this.groupOf.set(t.id, t.group_id)
    } else if (this.first && round.allow_duplicate_wins !== this.allowDup) {
      problems.push(STORY_TEXT.setting)
    }
    const number = round.round !== undefined && round.round > 0 ? round.round : index + 1
    round.winners.forEach((ticket, k) => {
      const position = round.positions[k] ?? k + 1
      problems.push(...this.won(ticket, { round: number, position }))
      this.holders.set(position, ticket)
    })
    if (rule) this.stage = rule.next
    return problems
  }

  /** Records a prize; says whether its ticket, or its person when nobody may win twice, had already won. */
  private won(ticket: string, prize: Prize): string[] {
    const before = this.tickets.get(ticket)
    if (before) return [STORY_TEXT.ticketTwice(prize.position, before.position, before.round)]
    this.tickets.set(ticket, prize)
    const group = this.groupOf.get(ticket)
    if (group === undefined) return [] // not in the pool: the recomputation says so
    const earlier = this.people.get(group)
    if (!earlier) this.people.set(group, prize)
    else if (!this.allowDup) return [STORY_TEXT.personTwice(prize.position, earlier.position, earlier.round)]
    return []
  }

  /** A redraw fills one place, and only one whose last winner was invalidated before it started. */
  redrawsInvalidated(round: AuditRound): string[] {
    const problems: string[] = []
    if (round.positions.length !== 1) problems.push(STORY_TEXT.redrawPlaces(round.positions.length))
    for (const p of round.positions) {
      const holder = this.holders.get(p)
      if (holder === undefined) {
        problems.push(STORY_TEXT.neverDrawn(p))
        continue
      }
      const w = this.standings.get(`${p}:${holder}`)
      if (!w || w.is_valid || w.invalidated_at === null) problems.push(STORY_TEXT.notInvalidated(p))
      else if (w.invalidated_at > round.started_at) problems.push(STORY_TEXT.beforeInvalidation(p))
    }
    return problems
  }
}

/** What cannot have happened, per completed round of the record, in order (empty lists when the story holds). */
export function checkStory(record: AuditExport): string[][] {
  const story = new Story(record.winners)
  return record.draws.map((round, i) => story.step(round, i))
}
