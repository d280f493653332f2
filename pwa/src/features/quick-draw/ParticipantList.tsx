import { useEffect, useRef } from 'react'
import { XIcon } from '@/components/ui/icons'
import { participantCount } from '@/features/quick-draw/format'
import type { Participant } from '@/features/quick-draw/useQuickDraw'

interface ParticipantListProps {
  participants: readonly Participant[]
  onRemove: (id: number) => void
  /** Removal is locked while a draw runs or after it. */
  canRemove: boolean
  /** The person just removed, offered back with 'Desfazer'. */
  removed?: Participant
  onUndo: () => void
}

export function ParticipantList({ participants, onRemove, canRemove, removed, onUndo }: ParticipantListProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  // Where focus goes once the list has changed: a removed button takes focus with it, and a keyboard
  // user would be sent back to the top of the page.
  const focusNext = useRef<number | 'undo' | null>(null)

  useEffect(() => {
    const target = focusNext.current
    if (target === null) return
    focusNext.current = null
    if (target === 'undo') return undoButton.current?.focus()
    const row = listRef.current?.children[participants.findIndex((p) => p.id === target)]
    row?.querySelector('button')?.focus()
  }, [participants])

  function removeAt(index: number) {
    const neighbour = participants[index + 1] ?? participants[index - 1]
    focusNext.current = neighbour ? neighbour.id : 'undo'
    onRemove(participants[index]!.id)
  }

  function undo() {
    if (removed) focusNext.current = removed.id
    onUndo()
  }

  return (
    <section aria-labelledby="participants-heading">
      <div className="flex items-center justify-between">
        <h2 id="participants-heading" className="font-semibold text-slate-900">
          Participantes
        </h2>
        <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-medium text-brand-800" aria-live="polite">
          {participantCount(participants.length)}
        </span>
      </div>
      {participants.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">Nenhum participante adicionado ainda.</p>
      ) : (
        <ul ref={listRef} aria-labelledby="participants-heading" className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
          {participants.map((participant, index) => (
            <li key={participant.id} className="flex items-center gap-3 px-3 py-2">
              <span className="w-6 shrink-0 text-right text-xs text-slate-500 tabular-nums">{index + 1}</span>
              <span className="min-w-0 flex-1 wrap-anywhere text-slate-800">{participant.name}</span>
              {participant.quantity > 1 && <span className="shrink-0 text-sm text-slate-500 tabular-nums">{`${participant.quantity} chances`}</span>}
              {canRemove && (
                <button
                  type="button"
                  onClick={() => removeAt(index)}
                  aria-label={`Remover ${participant.name}`}
                  title={`Remover ${participant.name}`}
                  className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-3 focus-visible:outline-brand-800"
                >
                  <XIcon className="size-4" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Below the list: above it, the rows would move under the pointer that just removed one. */}
      <div aria-live="polite">
        {removed && (
          <p className="mt-3 flex items-center justify-between gap-3 rounded-xl bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-700">
            <span className="min-w-0 wrap-anywhere">{`Removido do sorteio: ${removed.name}.`}</span>
            <button
              ref={undoButton}
              type="button"
              onClick={undo}
              className="min-h-9 shrink-0 rounded-lg px-3 font-semibold text-brand-800 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-brand-800"
            >
              Desfazer
            </button>
          </p>
        )}
      </div>
    </section>
  )
}
