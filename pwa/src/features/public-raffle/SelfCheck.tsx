import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { TextField } from '@/components/ui/TextField'
import type { PublicCheckAnswer, PublicWinner } from '@/protocol/public-state'
import { checkEmail, checkPhone, RuleError } from '@/protocol/rules'
import { errorText } from '@/components/ui/error-text'
import { checkEntrant } from '@/features/public-raffle/public-api'
import { count, NO_TICKETS_FOUND, placeText } from '@/features/public-raffle/public-text'

type Result = { email: string; byPhone: boolean; answer: PublicCheckAnswer } | { email: string; error: string }

/** A simple raffle shows no tickets: its entrants are told whether they are in, not how many tickets. */
const SIMPLE_FOUND = 'Você está participando deste sorteio.'
const SIMPLE_NOT_FOUND = 'Este e-mail não está entre os participantes.'
const SIMPLE_NOT_FOUND_PHONE = 'Este telefone não está entre os participantes.'
const NO_TICKETS_FOUND_PHONE = 'Nenhum bilhete encontrado para este telefone'

/** What was typed is a phone when it holds no letter and no '@': digits, spaces, ( ) - . and +. */
const looksLikePhone = (s: string) => /^[+\d\s().-]+$/u.test(s.normalize('NFKC'))

function Answer({ result, simple, winners }: { result: Result; simple: boolean; winners: readonly PublicWinner[] }) {
  if ('error' in result) return <p className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">{result.error}</p>
  const { found, tickets } = result.answer
  if (!found) {
    const none = result.byPhone ? (simple ? SIMPLE_NOT_FOUND_PHONE : NO_TICKETS_FOUND_PHONE) : simple ? SIMPLE_NOT_FOUND : NO_TICKETS_FOUND
    return <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">{none}</p>
  }
  const numbers = tickets.filter((t): t is string => t !== null)
  // Ticket numbers are unique in a raffle: a valid winner's number among these is this entrant's.
  const won = simple ? [] : winners.filter((w) => w.valid && w.ticket_number !== null && numbers.includes(w.ticket_number))
  return (
    <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="font-semibold">
        {simple ? SIMPLE_FOUND : tickets.length === 1 ? 'Você está participando com 1 bilhete.' : `Você está participando com ${count(tickets.length)} bilhetes.`}
      </p>
      {!simple && numbers.length > 0 && <p className="mt-1 font-mono wrap-anywhere">{numbers.join(', ')}</p>}
      {won.map((w) => (
        <p key={`${w.round_id}:${w.position}`} className="mt-1 font-semibold text-amber-800">
          {`Seu bilhete ${w.ticket_number} foi sorteado: ${placeText(w.position)}!`}
        </p>
      ))}
    </div>
  )
}

/**
 * 'Estou participando?': an entrant checks their own e-mail or phone. The server answers only about
 * that one, so this tells nobody anything about anyone else.
 */
export function SelfCheck({ code, simple, winners }: { code: string; simple: boolean; winners: readonly PublicWinner[] }) {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const headingId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const asked = email.trim()
    if (!asked) return
    // The app's own words: the browser's check speaks the browser's language, not always Portuguese.
    const byPhone = looksLikePhone(asked)
    let who: { email: string } | { phone: string }
    try {
      who = byPhone ? { phone: checkPhone(asked)! } : { email: checkEmail(asked)! }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error
      setFieldError(error.message)
      return
    }
    setBusy(true)
    try {
      setResult({ email: asked, byPhone, answer: await checkEntrant(code, who) })
    } catch (error) {
      setResult({ email: asked, error: errorText(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          Estou participando?
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {simple ? 'Digite o seu e-mail ou telefone para saber se está participando deste sorteio.' : 'Digite o seu e-mail ou telefone para ver os seus bilhetes neste sorteio.'}
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-3">
          <TextField
            label="Seu e-mail ou telefone"
            name="email"
            autoComplete="email"
            placeholder="ana@exemplo.com ou (11) 91234-5678"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setFieldError(undefined)
            }}
            error={fieldError}
            required
            trailing={
              <Button type="submit" loading={busy} disabled={!email.trim()} className="h-11 shrink-0">
                Verificar
              </Button>
            }
          />
        </form>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {result && result.email === email.trim() && <Answer result={result} simple={simple} winners={winners} />}
        </div>
      </section>
    </Card>
  )
}
