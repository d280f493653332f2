import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { TextField } from '@/components/ui/TextField'
import type { PublicCheckAnswer } from '@/protocol/public-state'
import { errorText } from '@/components/ui/error-text'
import { checkEntrant } from '@/features/public-raffle/public-api'
import { count, NO_TICKETS_FOUND } from '@/features/public-raffle/public-text'

type Result = { email: string; answer: PublicCheckAnswer } | { email: string; error: string }

function Answer({ result }: { result: Result }) {
  if ('error' in result) return <p className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">{result.error}</p>
  const { found, tickets } = result.answer
  if (!found) return <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">{NO_TICKETS_FOUND}</p>
  const numbers = tickets.filter((t): t is string => t !== null)
  return (
    <div className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <p className="font-semibold">
        {tickets.length === 1 ? 'Você está participando com 1 bilhete.' : `Você está participando com ${count(tickets.length)} bilhetes.`}
      </p>
      {numbers.length > 0 && <p className="mt-1 font-mono break-words">{numbers.join(', ')}</p>}
    </div>
  )
}

/**
 * 'Estou participando?': an entrant checks their own e-mail. The server answers only about that
 * address, so this tells nobody anything about anyone else.
 */
export function SelfCheck({ code }: { code: string }) {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const headingId = useId()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const asked = email.trim()
    if (!asked) return
    setBusy(true)
    try {
      setResult({ email: asked, answer: await checkEntrant(code, asked) })
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
        <p className="mt-1 text-sm text-slate-600">Digite o seu e-mail para ver os seus bilhetes neste sorteio.</p>
        <form onSubmit={onSubmit} className="mt-3">
          <TextField
            label="Seu e-mail"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            trailing={
              <Button type="submit" loading={busy} disabled={!email.trim()} className="h-11 shrink-0">
                Verificar
              </Button>
            }
          />
        </form>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {result && result.email === email.trim() && <Answer result={result} />}
        </div>
      </section>
    </Card>
  )
}
