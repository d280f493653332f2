import { useState, type ClipboardEvent } from 'react'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { isPastedList, type LeftOutLine, readPastedList, type PastedPerson } from '@/protocol/import/paste'

const SHOWN = 5

/**
 * A name field that takes a pasted list (docs/import.md, "Pasted lists"): a paste of several lines
 * is read as one person a line and, after 'Adicionar {n} participantes?', handed to `onConfirm`. A
 * single line pastes as usual. A list with a bad line adds nothing and returns the line's message
 * as `error` (the field shows it; the list is still on the clipboard).
 */
export function usePastedList(onConfirm: (people: PastedPerson[]) => void | Promise<void>) {
  const [people, setPeople] = useState<PastedPerson[] | null>(null)
  const [leftOut, setLeftOut] = useState<LeftOutLine[]>([])
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text/plain')
    if (!isPastedList(text)) return
    // An input would join the lines into one name: 'Ana Souza Bruno Lima …'.
    event.preventDefault()
    const list = readPastedList(text)
    setError(list.error ?? undefined)
    setPeople(list.people)
    setLeftOut(list.leftOut)
  }

  async function confirm() {
    if (!people) return
    setBusy(true)
    try {
      await onConfirm(people)
      setPeople(null)
    } finally {
      setBusy(false)
    }
  }

  const dialog = (
    <ConfirmDialog
      open={people !== null}
      title={`Adicionar ${people?.length ?? 0} participantes?`}
      confirmLabel="Adicionar"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setPeople(null)}
    >
      <p>Cada linha colada vira um participante:</p>
      <ul className="mt-2 space-y-1" data-testid="pasted-list">
        {(people ?? []).slice(0, SHOWN).map((p) => (
          <li key={p.line} className="wrap-anywhere text-slate-800">
            {p.name}
            {p.quantity > 1 && <span className="text-slate-500">{` — ${p.quantity} números`}</span>}
          </li>
        ))}
      </ul>
      {people && people.length > SHOWN && <p className="mt-1 text-slate-500">{`e mais ${people.length - SHOWN}.`}</p>}
      {leftOut.length > 0 && (
        <div className="mt-2 text-slate-600" data-testid="pasted-left-out">
          <p>Deixadas de fora (título da lista):</p>
          <ul className="list-disc pl-5">
            {leftOut.map((l) => (
              <li key={l.line} className="wrap-anywhere">{`Linha ${l.line}: ${l.text}`}</li>
            ))}
          </ul>
        </div>
      )}
    </ConfirmDialog>
  )

  return { onPaste, error, clearError: () => setError(undefined), dialog }
}
