import { describe, expect, it } from 'vitest'
import { blur, change, focus, keepMine, keepOther, viewOf, type Edit } from '@/features/manage-raffle/settings/setting-edit'

const same = (text: string, stored: string) => text.trim() === stored.trim()

/** The field focused while the stored value was `stored`, then typed into when `typed` is given. */
function focused(stored: string, typed?: string): Edit {
  const edit = focus(null, stored, stored)
  return typed === undefined ? edit : change(edit, typed, stored)
}

describe('a settings field', () => {
  it('saves nothing on blur when nothing was typed, whatever another device stored meanwhile', () => {
    // The bug: the field kept 'Rifa' on screen and saved it over the other device's 'Bingo 2026'.
    const edit = focused('Rifa')
    expect(viewOf(edit, 'Bingo 2026', same).value).toBe('Bingo 2026')
    const step = blur(edit, 'Bingo 2026', same)
    expect(step.save).toBeUndefined()
    // Left with the notice, the field showing the other device's value.
    expect(viewOf(step.edit, 'Bingo 2026', same)).toEqual({ value: 'Bingo 2026', elsewhere: { other: 'Bingo 2026', mine: 'Rifa' }, settled: false })
  })

  it('saves nothing and forgets the edit when it only had focus and nothing changed', () => {
    expect(blur(focused('3'), '3', same)).toEqual({ edit: null })
  })

  it('saves what was typed when nothing changed elsewhere', () => {
    const step = blur(focused('Rifa', 'Rifa de Natal'), 'Rifa', same)
    expect(step.save).toBe('Rifa de Natal')
    expect(viewOf(step.edit, 'Rifa', same).value).toBe('Rifa de Natal')
    // The save landed: the edit is over.
    expect(viewOf(step.edit, 'Rifa de Natal', same).settled).toBe(true)
  })

  it('shows a change from elsewhere while focused and keeps the typed text, saving nothing until the person chooses', () => {
    const edit = focused('Rifa', 'Rifa de Natal')
    expect(viewOf(edit, 'Bingo 2026', same)).toEqual({ value: 'Rifa de Natal', elsewhere: { other: 'Bingo 2026', mine: 'Rifa de Natal' }, settled: false })
    const left = blur(edit, 'Bingo 2026', same)
    expect(left.save).toBeUndefined()
    expect(viewOf(left.edit, 'Bingo 2026', same).value).toBe('Rifa de Natal')

    expect(keepMine(left.edit, 'Bingo 2026', same)).toEqual({
      edit: { text: 'Rifa de Natal', base: 'Bingo 2026', focused: false, held: false, saving: true },
      save: 'Rifa de Natal',
    })
    expect(keepOther()).toEqual({ edit: null })
  })

  it('keeping the value it had before the change saves that value back, as the person chose', () => {
    const left = blur(focused('2'), '5', same).edit
    expect(keepMine(left, '5', same).save).toBe('2')
  })

  it('returns to the notice when focused again, and measures the typing against the value it had first', () => {
    const left = blur(focused('Rifa', 'Rifa de Natal'), 'Bingo 2026', same).edit
    const again = focus(left, 'Rifa de Natal', 'Bingo 2026')
    expect(viewOf(again, 'Bingo 2026', same).elsewhere).toEqual({ other: 'Bingo 2026', mine: 'Rifa de Natal' })
  })

  it('a field focused while its own save is on the way does not take the save for a change from elsewhere', () => {
    const saving = blur(focused('Rifa', 'Rifa de Natal'), 'Rifa', same).edit
    const again = focus(saving, 'Rifa de Natal', 'Rifa')
    expect(viewOf(again, 'Rifa de Natal', same).elsewhere).toBeUndefined()
    expect(blur(again, 'Rifa de Natal', same)).toEqual({ edit: null })
  })

  it('forgets a notice that is moot: nothing typed and the other change undone', () => {
    const left = blur(focused('Rifa'), 'Bingo', same).edit
    expect(viewOf(left, 'Rifa', same).settled).toBe(true)
  })
})
