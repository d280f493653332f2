// 'Não enviados': the changes the server refused, kept on this device until the person settles
// each one: add it again (to its raffle, or to another when that one is gone), copy its names, or
// discard it. The raffle's screen lists its own; the dashboard lists every one of the account.
import { useId, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { copyText } from '@/components/ui/copy-text'
import { errorText } from '@/components/ui/error-text'
import { namesText, refusalText } from '@/components/refused/refused-text'
import { addAgain, discardRefused, refusedOfAccount, refusedOfRaffle } from '@/db/refused'
import type { RefusedRow } from '@/db/schema'

export interface RaffleTarget {
  id: string
  title: string
}

interface RefusedChangesProps {
  userId: string
  /** Only this raffle's refused changes; all of the account's when absent. */
  raffleId?: string
  /** The raffles a refused add may go into again (pending ones of the account). */
  targets: RaffleTarget[]
}

export function RefusedChanges({ userId, raffleId, targets }: RefusedChangesProps) {
  const rows = useLiveQuery(() => (raffleId ? refusedOfRaffle(userId, raffleId) : refusedOfAccount(userId)), [userId, raffleId])
  const headingId = useId()
  if (!rows || rows.length === 0) return null
  return (
    <Card className="mt-6 border-red-200">
      <section id="nao-enviados" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Não enviados
        </h2>
        <p className="mt-1 text-sm text-slate-600">O servidor recusou estas alterações. Elas continuam neste aparelho até você decidir o que fazer.</p>
        <ul className="mt-3 divide-y divide-slate-200">
          {rows.map((row) => (
            <RefusedItem key={row.seq} userId={userId} row={row} targets={targets} showRaffle={!raffleId} />
          ))}
        </ul>
      </section>
    </Card>
  )
}

function RefusedItem({ userId, row, targets, showRaffle }: { userId: string; row: RefusedRow; targets: RaffleTarget[]; showRaffle: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const own = targets.find((t) => t.id === row.raffleId)
  const others = targets.filter((t) => t.id !== row.raffleId)
  const [target, setTarget] = useState(own?.id ?? others[0]?.id ?? '')
  const selectId = useId()
  const isAdd = row.type === 'participants.add' && row.people.length > 0

  async function onAddAgain(raffleId: string) {
    setBusy(true)
    try {
      const n = await addAgain(userId, row.seq!, raffleId)
      toast.success(n === 1 ? '1 bilhete adicionado de novo' : `${n} bilhetes adicionados de novo`)
    } catch (error) {
      toast.error('Não foi possível adicionar de novo', { description: errorText(error) })
      setBusy(false)
    }
  }

  async function onCopy() {
    try {
      await copyText(namesText(row))
      toast.success('Nomes copiados')
    } catch {
      toast.error('Não foi possível copiar os nomes')
    }
  }

  return (
    <li className="py-3">
      {showRaffle && <p className="text-xs font-medium text-slate-600">Sorteio: {row.raffleTitle || 'sem título'}</p>}
      <p className="text-sm text-slate-900">{refusalText(row)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {isAdd && own && (
          <Button size="sm" variant="secondary" loading={busy} onClick={() => void onAddAgain(own.id)}>
            Adicionar de novo
          </Button>
        )}
        {isAdd && !own && others.length > 0 && (
          <>
            <label htmlFor={selectId} className="text-sm text-slate-700">
              Adicionar a outro sorteio
            </label>
            <select
              id={selectId}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className="rounded-md border border-slate-300 px-2 py-1 text-sm focus-visible:outline-3 focus-visible:outline-brand-800"
            >
              {others.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </select>
            <Button size="sm" variant="secondary" loading={busy} disabled={!target} onClick={() => void onAddAgain(target)}>
              Adicionar
            </Button>
          </>
        )}
        {isAdd && (
          <Button size="sm" variant="secondary" onClick={() => void onCopy()}>
            Copiar nomes
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          Descartar
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Descartar alteração?"
        confirmLabel="Descartar"
        destructive
        onConfirm={() => void discardRefused(row.seq!).then(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      >
        {refusalText(row)}. Ela será apagada deste aparelho e não poderá ser recuperada.
      </ConfirmDialog>
    </li>
  )
}
