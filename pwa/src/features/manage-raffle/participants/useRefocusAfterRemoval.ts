import { useCallback, useEffect, useRef } from 'react'
import type { ParticipantGroup } from '@/features/manage-raffle/participants/participants-logic'

/**
 * After a confirmed removal the row, and the button that opened the dialog, leave the list, and
 * focus would fall to the page's body. It goes to the same button of the row that takes the
 * removed one's place (the one before it when it was the last), or to the search box when the
 * list is now empty, so a keyboard user carries on from where they were.
 */
export function useRefocusAfterRemoval(shownIds: readonly string[], onRemove: (group: ParticipantGroup) => Promise<boolean>) {
  const listRef = useRef<HTMLUListElement>(null)
  const sectionRef = useRef<HTMLElement>(null)
  const removing = useRef<string | null>(null)
  const before = useRef<readonly string[]>(shownIds)

  const remove = useCallback(
    async (group: ParticipantGroup) => {
      removing.current = group.id
      if (!(await onRemove(group))) removing.current = null
    },
    [onRemove],
  )

  useEffect(() => {
    const previous = before.current
    before.current = shownIds
    const id = removing.current
    if (id === null || shownIds.includes(id)) return
    removing.current = null
    const position = previous.indexOf(id)
    if (position < 0) return
    const rows = listRef.current?.children
    const row = rows && rows.length > 0 ? rows[Math.min(position, rows.length - 1)] : undefined
    const target = row?.querySelector<HTMLElement>('[data-remove]') ?? row?.querySelector<HTMLElement>('button') ?? sectionRef.current?.querySelector<HTMLElement>('input')
    target?.focus()
  }, [shownIds])

  return { listRef, sectionRef, remove }
}
