import { render, screen } from '@testing-library/react'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { FederalNotice } from '@/features/public-raffle/FederalNotice'
import { initialLive, liveReducer, type LiveState } from '@/features/public-raffle/live-show'
import { drawn, publicState, T0, winner } from '@/features/public-raffle/test-state'
import type { PublicState } from '@/protocol/public-state'

const receive = (live: LiveState, state: PublicState, now = T0) => liveReducer(live, { type: 'state', state, now })

// A Loteria Federal result entered as round r1, then corrected by round r2 at T0 + 600_000.
const FEDERAL = { concurso: 5732, extraction_at: T0 - 3_600_000, rule: 'final-1-premio' as const, digits: 0 }
const CORRECTED_AT = T0 + 600_000

function corrected(seq: number): PublicState {
  const s = drawn()
  s.seq = seq
  s.raffle.federal = FEDERAL
  s.winners = [winner(1, 'Davi Reis', 'r2', { drawn_at: CORRECTED_AT }), winner(2, 'Ana Souza', 'r2', { drawn_at: CORRECTED_AT })]
  s.corrections = [{ round_id: 'r1', replaced_by: 'r2', replaced_at: CORRECTED_AT, prizes: ['50512', '33514', '45504', '94365', '51105'] }]
  return s
}

describe('a corrected Loteria Federal result for viewers', () => {
  it('is revealed as a new result to a viewer who was on the page', () => {
    let live = receive(initialLive, { ...drawn(), raffle: { ...drawn().raffle, federal: FEDERAL } })
    expect(live.show).toBeNull()
    live = receive(live, corrected(live.state!.seq + 1), CORRECTED_AT + 100)
    expect(live.show).toMatchObject({ roundId: 'r2', startsAt: CORRECTED_AT, winners: [{ name: 'Davi Reis' }, { name: 'Ana Souza' }] })
  })

  it('is shown at once, without the show, to a viewer who arrives afterwards', () => {
    expect(receive(initialLive, corrected(5)).show).toBeNull()
  })

  it('says the result was corrected, when, and which prizes were replaced', () => {
    render(createElement(FederalNotice, { state: corrected(5) }))
    expect(screen.getByTestId('federal-correction')).toHaveTextContent(
      /^Resultado corrigido às \d\d:\d\d de \d\d\/\d\d\/\d{4} \(horário de Brasília\): os prêmios informados antes \(50512, 33514, 45504, 94365, 51105\) foram substituídos/,
    )
  })

  it('says nothing of a correction when there is none', () => {
    render(createElement(FederalNotice, { state: publicState({ raffle: { ...publicState().raffle, federal: FEDERAL } }) }))
    expect(screen.queryByTestId('federal-correction')).toBeNull()
  })
})
