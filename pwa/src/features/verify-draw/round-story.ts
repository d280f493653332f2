// The story of the rounds (docs/draw-algorithm.md §10): each round recomputing on its own is not
// enough, since a redraw relabelled as a first draw over a pool of its own would recompute too. The
// completed rounds are read in order against one table of allowed steps; the sentences are word for
// word those of sync/draw/story.go, and sync/testdata/draw/records-tampered.json holds them.
import type { AuditExport, AuditPromotion, AuditRound, AuditWinner } from '@/features/verify-draw/audit-record'
import { ALGORITHM_V1 } from '@/protocol/draw'

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
  personTwice: (p: number, q: number, n: number) => `O ${p}º lugar vai para uma pessoa que já ganhou o ${q}º lugar na ${n}ª rodada, e este sorteio não permite repetir pessoas.`,
  // Alternates (sorteio-v2, §10a), word for word sync/draw/alternates.go's; alternates.json holds them.
  v1Alternates: 'Um registro sorteio-v1 não tem suplentes.',
  redrawAlternates: 'Um re-sorteio não sorteia suplentes.',
  promotionFirst: 'Suplente chamado antes de qualquer sorteio inicial concluído.',
  notAlternate: (p: number) => `O bilhete chamado para o ${p}º lugar não é suplente do sorteio inicial.`,
  alternateTwice: (a: number) => `O ${a}º suplente foi chamado mais de uma vez.`,
  alternateOrder: (a: number, b: number) => `Chamado o ${a}º suplente quando o próximo era o ${b}º.`,
  promotionNeverDrawn: (p: number) => `Suplente chamado para o ${p}º lugar, que nenhuma rodada sorteou.`,
  promotionNotInvalidated: (p: number) => `Suplente chamado para o ${p}º lugar, cujo vencedor não foi invalidado.`,
  promotionBeforeInvalidation: (p: number) => `Suplente chamado para o ${p}º lugar antes da invalidação do vencedor desse lugar.`,
  // A corrected Loteria Federal result (§12.7), word for word sync/draw/correction.go's; federal-records.json holds them.
  replacedNotFederal: 'Só um resultado da Loteria Federal pode ser substituído por uma correção.',
  replacedNoSuccessor: 'Resultado marcado como substituído, mas a rodada seguinte do registro não o corrige.',
  replacedBeforeEntry: 'Resultado substituído antes de ter sido informado.',
  replacedCounts: 'Um resultado substituído não vale, mas o registro conta um vencedor dele.',
  correctionOrphan: 'Correção de um resultado que o registro não marca como substituído por ela.',
  correctionSame: 'A correção repete os cinco prêmios do resultado que substitui: nada foi corrigido.',
  correctionOther: 'A correção não usa a mesma lista fechada e a mesma extração do resultado que substitui.',
}

/** Whether the round is a Loteria Federal result a correction replaced: it stays in the record and does not count. */
export const isReplaced = (r: AuditRound): boolean => !!r.replaced_by || !!r.replaced_at

/** A replaced result: Loteria Federal, replaced after its entry by the next round, none of its winners counted. */
function checkReplaced(record: AuditExport, i: number): string[] {
  const r = record.draws[i]!
  const next = record.draws[i + 1]
  const problems: string[] = []
  if (!r.federal) problems.push(STORY_TEXT.replacedNotFederal)
  if (!next || !r.replaced_by || next.draw_id !== r.replaced_by || next.replaces !== r.draw_id) problems.push(STORY_TEXT.replacedNoSuccessor)
  if ((r.replaced_at ?? 0) < r.completed_at) problems.push(STORY_TEXT.replacedBeforeEntry)
  if (record.winners.some((w) => !!w.draw_id && w.draw_id === r.draw_id)) problems.push(STORY_TEXT.replacedCounts)
  return problems
}

/** A correction: right after the result it replaces, over the same list and extraction, with other prizes. */
function checkCorrection(record: AuditExport, i: number): string[] {
  const r = record.draws[i]!
  const old = i > 0 ? record.draws[i - 1]! : undefined
  if (!old || old.draw_id !== r.replaces || old.replaced_by !== r.draw_id) return [STORY_TEXT.correctionOrphan]
  const a = r.federal
  const b = old.federal
  if (
    !a ||
    !b ||
    r.pool_digest !== old.pool_digest ||
    r.pool_size !== old.pool_size ||
    r.winners_count !== old.winners_count ||
    r.allow_duplicate_wins !== old.allow_duplicate_wins ||
    a.concurso !== b.concurso ||
    a.extraction_at !== b.extraction_at ||
    a.rule.kind !== b.rule.kind ||
    a.rule.digits !== b.rule.digits
  ) {
    return [STORY_TEXT.correctionOther]
  }
  return a.prizes.join() === b.prizes.join() && a.prizes.length === b.prizes.length ? [STORY_TEXT.correctionSame] : []
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
  // The first draw's alternates, how many were called in order, which were, and its round number.
  private alternates: readonly string[] = []
  private called = 0
  private readonly promoted = new Set<string>()
  private firstRound = 0

  constructor(winners: readonly AuditWinner[]) {
    for (const w of winners) this.standings.set(`${w.position}:${w.ticket_id}`, w)
  }

  /** A replaced result is set aside like an abandoned round; its list is its correction's, which publishes none. */
  setAside(round: AuditRound): void {
    for (const t of round.pool ?? []) this.groupOf.set(t.id, t.group_id)
  }

  step(round: AuditRound, index: number): string[] {
    const problems: string[] = []
    const rule = STORY_RULES[this.stage][round.kind]
    if (!rule) problems.push(STORY_TEXT.unknownKind)
    else if (rule.refused) problems.push(rule.refused)
    else if (rule.check) problems.push(...rule.check(this, round))

    const number = round.round !== undefined && round.round > 0 ? round.round : index + 1
    if (round.kind === 'draw' && !this.first) {
      this.first = true
      this.allowDup = round.allow_duplicate_wins
      this.alternates = round.alternates ?? []
      this.firstRound = number
      for (const t of round.pool ?? []) this.groupOf.set(t.id, t.group_id)
    } else if (this.first && round.allow_duplicate_wins !== this.allowDup) {
      problems.push(STORY_TEXT.setting)
    }
    if (round.kind === 'redraw' && ((round.alternates_count ?? 0) !== 0 || (round.alternates ?? []).length > 0)) {
      problems.push(STORY_TEXT.redrawAlternates)
    }
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

  /**
   * An alternate called to a place: the next one not yet called, once, to a place whose last winner
   * was invalidated at or before the call. The alternate then holds the place.
   */
  promote(algorithm: string, p: AuditPromotion): string[] {
    if (algorithm === ALGORITHM_V1) return [STORY_TEXT.v1Alternates]
    if (!this.first) return [STORY_TEXT.promotionFirst]
    const problems: string[] = []
    const rank = this.alternates.indexOf(p.ticket_id)
    if (rank < 0) problems.push(STORY_TEXT.notAlternate(p.position))
    else if (this.promoted.has(p.ticket_id)) problems.push(STORY_TEXT.alternateTwice(rank + 1))
    else if (rank !== this.called) problems.push(STORY_TEXT.alternateOrder(rank + 1, this.called + 1))
    const holder = this.holders.get(p.position)
    if (holder === undefined) problems.push(STORY_TEXT.promotionNeverDrawn(p.position))
    else {
      const w = this.standings.get(`${p.position}:${holder}`)
      if (!w || w.is_valid || w.invalidated_at === null) problems.push(STORY_TEXT.promotionNotInvalidated(p.position))
      else if (w.invalidated_at > p.promoted_at) problems.push(STORY_TEXT.promotionBeforeInvalidation(p.position))
    }
    if (rank >= 0 && !this.promoted.has(p.ticket_id)) {
      this.promoted.add(p.ticket_id)
      this.called = Math.max(this.called, rank + 1)
    }
    problems.push(...this.won(p.ticket_id, { round: this.firstRound, position: p.position }))
    this.holders.set(p.position, p.ticket_id)
    return problems
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
  return replayStory(record).draws
}

/** What cannot have happened, per promotion of the record, in order. */
export function checkPromotions(record: AuditExport): string[][] {
  return replayStory(record).promotions
}

/** The rounds and the promotions as one story: a promotion comes before every round started after it. */
function replayStory(record: AuditExport): { draws: string[][]; promotions: string[][] } {
  const story = new Story(record.winners)
  const promotions: string[][] = []
  const next = () => record.promotions[promotions.length]
  const draws = record.draws.map((round, i) => {
    for (let p = next(); p && p.promoted_at <= round.started_at; p = next()) promotions.push(story.promote(record.algorithm, p))
    if (isReplaced(round)) {
      story.setAside(round)
      return checkReplaced(record, i)
    }
    const problems = story.step(round, i)
    return round.replaces ? [...problems, ...checkCorrection(record, i)] : problems
  })
  for (let p = next(); p; p = next()) promotions.push(story.promote(record.algorithm, p))
  return { draws, promotions }
}
