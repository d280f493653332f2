import { describe, expect, it } from 'vitest'
import { ataFederal } from '@/protocol/ata-federal'
import { fromBrasilia } from '@/protocol/federal-time'

// The extraction of concurso 5732 with the 'Final do 1º prêmio' rule, as the organiser entered it.
const CONCURSO_5732 = {
  concurso: 5732,
  extractionAt: fromBrasilia('2023-01-18', '19:00'),
  rule: 'final-1-premio',
  digits: 0,
  prizes: ['50366', '33514', '45504', '94365', '51105'],
} as const

describe("the ata's Loteria Federal statement", () => {
  it('states the method, the concurso, the extraction, the rule and the numbers', () => {
    const ata = ataFederal({
      ...CONCURSO_5732,
      lines: ['1º prêmio 50366 → final 366 → bilhete 366'],
    })
    expect(ata).toEqual({
      method: 'Loteria Federal',
      concurso: '5732',
      extraction: '18/01/2023 às 19:00 (horário de Brasília)',
      rule: 'Final do 1º prêmio',
      chance: '',
      prizes: ['1º prêmio: 50366', '2º prêmio: 33514', '3º prêmio: 45504', '4º prêmio: 94365', '5º prêmio: 51105'],
      lines: ['1º prêmio 50366 → final 366 → bilhete 366'],
      replaced: [],
      check: 'Os cinco prêmios podem ser conferidos no resultado publicado pela Caixa (https://loterias.caixa.gov.br/Paginas/Federal.aspx): concurso 5732, extração de 18/01/2023.',
    })
  })

  it("states the remainder rule by its name and each ticket's chance", () => {
    const ata = ataFederal({ ...CONCURSO_5732, rule: 'resto-5-premios', chance: 'Cada bilhete tem 1 chance em 71.' })
    expect(ata).toMatchObject({ rule: 'Resto da divisão pelo número de bilhetes', chance: 'Cada bilhete tem 1 chance em 71.' })
  })

  it('lists each result a correction replaced, with its time and numbers', () => {
    const ata = ataFederal({
      ...CONCURSO_5732,
      replaced: [{ at: fromBrasilia('2023-01-18', '19:42'), prizes: ['50512', '33514', '45504', '94365', '51105'] }],
    })
    expect(ata?.replaced).toEqual([
      'Resultado substituído em 18/01/2023 às 19:42 (horário de Brasília) por uma correção: os prêmios informados antes foram 50512, 33514, 45504, 94365, 51105 (não valem).',
    ])
  })

  it('is absent for a seeded draw', () => {
    expect(ataFederal(undefined)).toBeNull()
  })
})
