import { useLiveQuery } from 'dexie-react-hooks'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { errorText } from '@/components/ui/error-text'
import { TextField } from '@/components/ui/TextField'
import type { RaffleSettings } from '@/db/raffles'
import type { RaffleRow } from '@/db/schema'
import { listChances } from '@/db/federal-check'
import { RULE_FINAL, RULE_REMAINDER, RULE_UNITS } from '@/protocol/federal'
import { concursoDateText } from '@/protocol/federal-concurso'
import { REMAINDER_NAME } from '@/protocol/federal-settings'
import { DEFAULT_EXTRACTION_TIME, fromBrasilia, IRREGULAR_DAY_TEXT, isRegularDay, toBrasilia } from '@/protocol/federal-time'
import type { DrawMethod } from '@/protocol/wire'

interface FederalSettingsProps {
  raffle: RaffleRow
  save: (settings: RaffleSettings) => Promise<void>
}

const METHODS: Array<{ value: DrawMethod; label: string; hint: string }> = [
  { value: 'seeded', label: 'Sorteio verificável', hint: 'O aplicativo sorteia na hora, com a semente publicada.' },
  { value: 'federal', label: 'Loteria Federal', hint: 'Os vencedores saem do resultado de uma extração da Caixa, por uma regra fixada antes.' },
]

const RULES = [
  { value: RULE_REMAINDER, label: REMAINDER_NAME },
  { value: RULE_FINAL, label: 'Final do 1º prêmio' },
  { value: RULE_UNITS, label: 'Unidades dos cinco prêmios' },
]

const NEXT_ABOVE = 'Sem bilhete com esse número, vale o próximo acima (depois do maior, volta ao menor).'

const RULE_HINTS: Record<string, string> = {
  [RULE_REMAINDER]:
    'Os cinco prêmios, um depois do outro, formam um número; o resto da divisão dele pelo número de bilhetes dá a posição do ganhador na lista em ordem de número. Os próximos lugares, da mesma forma, entre os bilhetes que restam. Dá a mesma chance a todos, com qualquer lista.',
  [RULE_FINAL]: `Os últimos algarismos do 1º prêmio, tantos quantos tem o maior bilhete. ${NEXT_ABOVE}`,
  [RULE_UNITS]: `O número formado pelo último algarismo do 1º ao 5º prêmio, nesta ordem. ${NEXT_ABOVE}`,
}

/**
 * The draw method, for ticket raffles: 'Sorteio verificável' or 'Loteria Federal' with its extraction
 * (concurso, date and time in Brasília, the rule). Saved together with 'Salvar método de sorteio';
 * the device refuses what the server would (tickets that are not numbers, a rule whose digits cannot
 * reach the highest ticket), with the server's message.
 */
export function FederalSettings({ raffle, save }: FederalSettingsProps) {
  const stored = raffle.federal
  const storedAt = stored ? toBrasilia(stored.extraction_at) : null
  const [method, setMethod] = useState<DrawMethod>(raffle.drawMethod ?? 'seeded')
  const [concurso, setConcurso] = useState(stored ? String(stored.concurso) : '')
  const [date, setDate] = useState(storedAt?.date ?? '')
  const [time, setTime] = useState(storedAt?.time ?? DEFAULT_EXTRACTION_TIME)
  const [chosen, setChosen] = useState<string | null>(stored?.rule ?? null)
  // Until chosen: 'Final do 1º prêmio' when it is equal for this list (it fills the finals' range),
  // otherwise the remainder rule, equal for any list.
  const fallback = useLiveQuery(() => listChances(raffle.id, { kind: RULE_FINAL, digits: 0 }).then((c) => (c.equal ? RULE_FINAL : RULE_REMAINDER)), [raffle.id])
  const rule = chosen ?? fallback ?? RULE_REMAINDER
  const chance = useLiveQuery(() => listChances(raffle.id, { kind: rule, digits: rule === RULE_UNITS ? 5 : 0 }), [raffle.id, rule])
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const groupId = useId()
  const at = fromBrasilia(date, time)
  const irregular = Number.isFinite(at) && !isRegularDay(at)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setSaving(true)
    try {
      if (method === 'federal') {
        const digits = rule === RULE_UNITS ? 5 : 0
        const n = concurso.trim() === '' ? Number.NaN : Number(concurso)
        await save({ drawMethod: 'federal', federal: { concurso: n, extraction_at: at, rule, digits } })
      } else {
        await save({ drawMethod: 'seeded' })
      }
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4 rounded-xl border border-slate-200 p-4" aria-labelledby={groupId}>
      <h3 id={groupId} className="text-sm font-semibold text-slate-900">
        Método de sorteio
      </h3>
      <div role="radiogroup" aria-labelledby={groupId} className="space-y-2">
        {METHODS.map((m) => (
          <label key={m.value} className="flex gap-2 text-sm text-slate-800">
            <input type="radio" name="drawMethod" value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} className="mt-1 size-4" />
            <span>
              <span className="font-medium">{m.label}</span>
              <span className="block text-xs text-slate-600">{m.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {method === 'federal' && (
        <div className="space-y-4">
          <TextField
            label="Concurso"
            name="concurso"
            inputMode="numeric"
            value={concurso}
            onChange={(e) => setConcurso(e.target.value)}
            hint="O número do concurso da Loteria Federal, como a Caixa publica."
          />
          {/^\d{1,5}$/.test(concurso.trim()) && Number(concurso) > 0 && (
            <p data-testid="concurso-date" className="text-xs text-slate-600">
              {`Pelo calendário regular da Loteria Federal (quartas e sábados), o concurso ${Number(concurso)} é por volta de ${concursoDateText(Number(concurso))}.`}
            </p>
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField label="Data da extração" name="extractionDate" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            <TextField label="Hora (Brasília)" name="extractionTime" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
          {irregular && (
            <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {IRREGULAR_DAY_TEXT}
            </p>
          )}
          <div className="space-y-1.5">
            <label htmlFor={`${groupId}-rule`} className="block text-sm font-medium text-slate-800">
              Regra
            </label>
            <select
              id={`${groupId}-rule`}
              name="rule"
              value={rule}
              onChange={(e) => setChosen(e.target.value)}
              className="block h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900"
            >
              {RULES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
            <p className="text-xs text-slate-500">{RULE_HINTS[rule] ?? ''}</p>
            {chance && (
              <p data-testid="federal-chance" role="status" className={chance.equal ? 'text-sm text-slate-700' : 'rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900'}>
                {chance.text}
              </p>
            )}
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" loading={saving} className="w-full sm:w-auto">
        Salvar método de sorteio
      </Button>
    </form>
  )
}
