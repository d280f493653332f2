// The ata's statement of a Loteria Federal draw (docs/draw-algorithm.md §12): the method, the
// concurso and its extraction, the rule, the five prizes as entered and, when known, each winner's
// step, and every result a correction replaced, with its time and numbers. Apart from
// protocol/ata.ts, which only carries it.
import { ruleName } from '@/protocol/federal-settings'
import { CAIXA_RESULTS_URL, caixaReference, extractionText } from '@/protocol/federal-time'

export interface AtaFederalInput {
  concurso: number
  extractionAt: number
  rule: string
  digits: number
  prizes: readonly string[]
  /** Each winner's line ('1º prêmio 50366 → final 366 → bilhete 366'), when computed. */
  lines?: readonly string[]
  /** Each ticket's chance at the 1st place in words ('Cada bilhete tem 1 chance em 71.'), when known. */
  chance?: string
  /** Results typed wrong and replaced by a correction, oldest first: when, and their five prizes. */
  replaced?: ReadonlyArray<{ at: number; prizes: readonly string[] }>
}

export interface AtaFederal {
  method: string
  concurso: string
  extraction: string
  rule: string
  /** 'Cada bilhete tem 1 chance em 71.', or '' when unknown. */
  chance: string
  prizes: string[]
  lines: string[]
  /** 'Resultado substituído em …: 50512, …': the replaced entries stay in the ata, never silently. */
  replaced: string[]
  check: string
}

export const FEDERAL_ROUND_MODE = 'Loteria Federal (sem semente: vale o resultado da extração)'

export function ataFederal(input: AtaFederalInput | undefined): AtaFederal | null {
  if (!input) return null
  return {
    method: 'Loteria Federal',
    concurso: String(input.concurso),
    extraction: extractionText(input.extractionAt),
    rule: ruleName({ rule: input.rule, digits: input.digits }),
    chance: input.chance ?? '',
    prizes: input.prizes.map((p, i) => `${i + 1}º prêmio: ${p}`),
    lines: [...(input.lines ?? [])],
    replaced: (input.replaced ?? []).map(
      (r) => `Resultado substituído em ${extractionText(r.at)} por uma correção: os prêmios informados antes foram ${r.prizes.join(', ')} (não valem).`,
    ),
    check: `Os cinco prêmios podem ser conferidos no resultado publicado pela Caixa (${CAIXA_RESULTS_URL}): ${caixaReference(input.concurso, input.extractionAt)}.`,
  }
}
