import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { startDraw } from '@/db/draws'
import { db } from '@/db/schema'
import { DrawStage } from '@/features/manage-raffle/draw/DrawStage'
import { makeRaffle, resetDb } from '@/features/manage-raffle/test-fixtures'
import { testUser } from '@/test/render'
import { recordScrolls } from '@/test/scroll'

beforeEach(resetDb)

/** A raffle with a round this device just opened (30 s countdown), and the draw view of it. */
async function openRound() {
  const made = await makeRaffle({ countdownSeconds: 30, winnersCount: 1 }, [{ name: 'Ana' }, { name: 'Bruno' }])
  const round = await startDraw(testUser.id, made.id, { offline: true })
  const raffle = (await db.raffles.get(made.id))!
  return { raffle, view: { rounds: [round], main: round, current: round, winners: [], ownRounds: new Set([round.id]) } }
}

describe('the draw stage before the rounds are read', () => {
  it("shows nothing for a raffle under way: no 'Sorteando...' that the countdown then replaces", async () => {
    const made = await makeRaffle({ countdownSeconds: 30, winnersCount: 1 })
    await db.raffles.update(made.id, { status: 'in_progress' })
    const raffle = (await db.raffles.get(made.id))!
    const { container } = render(
      <MemoryRouter>
        <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready={false} view={undefined} />
      </MemoryRouter>,
    )
    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByText('Sorteando...')).not.toBeInTheDocument()
  })

  it('shows the start button, disabled, for a raffle not yet drawn', async () => {
    const raffle = await makeRaffle({ winnersCount: 1 })
    render(
      <MemoryRouter>
        <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready={false} view={undefined} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('button', { name: 'Iniciar Sorteio' })).toBeDisabled()
  })

  it("an open round waits for the server clock's offset: the countdown comes first, never 'Sorteando...'", async () => {
    const { raffle, view } = await openRound()
    const seen: string[] = []
    const watch = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
    watch.observe(document.body, { childList: true, subtree: true, characterData: true })
    const { container } = render(
      <MemoryRouter>
        <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready view={view} />
      </MemoryRouter>,
    )
    // The offset is an IndexedDB read away: nothing on the first render.
    expect(container).toBeEmptyDOMElement()
    // The sr-only text of the countdown (its seconds depend on the test's own pace).
    expect(await screen.findByText(/^Falta(m)? \d+ segundos? para o sorteio$/)).toBeInTheDocument()
    watch.disconnect()
    expect(seen.some((text) => text.includes('Sorteando...'))).toBe(false)
  })

  it('brings the countdown into view, and leaves it without error where scrollIntoView returns a promise (current Chromium)', async () => {
    const { raffle, view } = await openRound()
    const { scrolled, restore } = recordScrolls(() => Promise.resolve())
    try {
      const { unmount } = render(
        <MemoryRouter>
          <DrawStage userId={testUser.id} raffle={raffle} missing={null} ready view={view} />
        </MemoryRouter>,
      )
      const timer = await screen.findByRole('timer')
      expect(scrolled).toHaveLength(1)
      expect(scrolled[0]!.contains(timer)).toBe(true)
      // An effect that returned the promise would make React call it as a cleanup here, and throw.
      expect(() => unmount()).not.toThrow()
    } finally {
      restore()
    }
  })
})
