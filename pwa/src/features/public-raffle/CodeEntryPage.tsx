import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { SearchIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { TextField } from '@/components/ui/TextField'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { normaliseCode } from '@/features/public-raffle/code'

/** /sorteio: the visitor types a raffle code and opens /sorteio/{CODE}. */
export default function CodeEntryPage() {
  usePageTitle('Consultar Sorteio')
  const navigate = useNavigate()
  const [code, setCode] = useState('')

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!code) return
    void navigate(`/sorteio/${encodeURIComponent(code)}`)
  }

  return (
    <PageContainer>
      <BackLink to="/">Voltar para início</BackLink>
      <Card className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900">Consultar Sorteio</h1>
        <p className="mt-1 text-slate-600">Digite o código que o organizador compartilhou.</p>
        <form onSubmit={onSubmit} className="mt-5 space-y-4">
          <TextField
            label="Código do sorteio"
            name="code"
            value={code}
            // No maxLength: the browser would cut a pasted '   K7P2QX' before its spaces are taken out.
            onChange={(event) => setCode(normaliseCode(event.target.value))}
            placeholder="ABC123"
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.3em] [&_input]:uppercase"
          />
          <Button type="submit" size="lg" className="w-full" disabled={!code}>
            <SearchIcon className="size-4" />
            Consultar
          </Button>
        </form>
      </Card>
    </PageContainer>
  )
}
