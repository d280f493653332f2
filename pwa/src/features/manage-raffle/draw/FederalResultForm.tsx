import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { errorText } from '@/components/ui/error-text'
import { TextField } from '@/components/ui/TextField'
import { correctResult, enterResult, previewResult } from '@/db/federal'
import type { FederalStep } from '@/protocol/federal'
import { extractionText } from '@/protocol/federal-time'

interface FederalResultFormProps {
  userId: string
  raffleId: string
  extractionAt: number
  /** Typing the five prizes again to replace the result in force ('Corrigir o resultado'). */
  correcting?: boolean
  /** The correction was saved, or given up. */
  onClose?: () => void
}

const PLACES = [1, 2, 3, 4, 5] as const

/**
 * The five prizes typed as Caixa publishes them, then shown large with the winners they give, to be
 * confirmed before anything is saved: a typo caught here costs nothing. Works offline; the server
 * recomputes the winners when the result reaches it.
 */
export function FederalResultForm({ userId, raffleId, extractionAt, correcting = false, onClose }: FederalResultFormProps) {
  const [prizes, setPrizes] = useState<string[]>(['', '', '', '', ''])
  const [preview, setPreview] = useState<FederalStep[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const typed = prizes.map((p) => p.trim())

  async function onCheck(event: FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      setPreview(await previewResult(raffleId, typed, undefined, correcting))
    } catch (e) {
      setError(errorText(e))
    }
  }

  async function onConfirm() {
    setSaving(true)
    setError(null)
    try {
      if (correcting) {
        await correctResult(userId, raffleId, typed)
        toast.success('Resultado corrigido')
        onClose?.()
      } else {
        await enterResult(userId, raffleId, typed)
        toast.success('Resultado registrado')
      }
    } catch (e) {
      setError(errorText(e))
      setPreview(null)
    } finally {
      setSaving(false)
    }
  }

  if (preview) {
    return (
      <div className="space-y-3 rounded-xl border border-brand-200 p-4" data-testid="federal-confirm">
        <h3 className="text-sm font-semibold text-slate-900">Confira os cinco prêmios com o resultado publicado pela Caixa</h3>
        <ol className="grid grid-cols-1 gap-1">
          {typed.map((p, i) => (
            <li key={i} className="flex items-baseline gap-3">
              <span className="w-16 text-sm text-slate-600">{i + 1}º prêmio</span>
              <span className="font-mono text-3xl font-bold tracking-widest text-slate-900">{p}</span>
            </li>
          ))}
        </ol>
        <ol className="space-y-1 text-sm text-slate-700">
          {preview.map((s) => (
            <li key={s.position}>
              {s.position}º lugar: {s.line}
            </li>
          ))}
        </ol>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void onConfirm()} loading={saving}>
            {correcting ? 'Confirmar correção' : 'Confirmar resultado'}
          </Button>
          <Button variant="outline" onClick={() => setPreview(null)} disabled={saving}>
            Corrigir números
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form onSubmit={(e) => void onCheck(e)} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">{correcting ? 'Corrigir o resultado da extração' : 'Informar o resultado da extração'}</h3>
      <p className="text-sm text-slate-600">
        {correcting
          ? 'Digite de novo os cinco prêmios como a Caixa publica (5 algarismos cada). O resultado anterior continua no registro público, marcado como substituído.'
          : `Depois da extração de ${extractionText(extractionAt)}, digite os cinco prêmios como a Caixa publica (5 algarismos cada).`}
      </p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {PLACES.map((place, i) => (
          <TextField
            key={place}
            label={`${place}º prêmio`}
            name={`prize${place}`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={prizes[i]}
            onChange={(e) => setPrizes((all) => all.map((v, j) => (j === i ? e.target.value : v)))}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="w-full sm:w-auto">
          Conferir resultado
        </Button>
        {correcting && (
          <Button variant="outline" onClick={onClose}>
            Desistir da correção
          </Button>
        )}
      </div>
    </form>
  )
}
