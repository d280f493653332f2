import { useEffect, useMemo, useState } from 'react'
import { useParams } from 'react-router-dom'
import { AtaScreen } from '@/components/ata/AtaScreen'
import { errorText } from '@/components/ui/error-text'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { publicAtaInput } from '@/features/verify-draw/ata-input'
import { useAuditRecord } from '@/features/verify-draw/useAuditRecord'
import { apiRequest, ApiError } from '@/lib/api'
import { buildAta, type Ata } from '@/protocol/ata'
import type { PublicState } from '@/protocol/public-state'

type StateAnswer = { code: string; state: PublicState } | { code: string; error: string }

/** The raffle's public state, read once (the ata is a record of a finished draw, not a live view). */
function usePublicState(code: string): StateAnswer | undefined {
  const [answer, setAnswer] = useState<StateAnswer>()
  useEffect(() => {
    const controller = new AbortController()
    apiRequest<PublicState>(`/api/public/raffles/${encodeURIComponent(code)}`, { signal: controller.signal }).then(
      (state) => setAnswer({ code, state }),
      (error: unknown) => {
        if (controller.signal.aborted) return
        const notFound = error instanceof ApiError && error.status === 404
        setAnswer({ code, error: notFound ? 'Sorteio não encontrado' : errorText(error) })
      },
    )
    return () => controller.abort()
  }, [code])
  return answer?.code === code ? answer : undefined
}

/** /sorteio/{code}/ata: the public 'Ata do sorteio', opened from the verification page. */
export default function AtaPage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  const { state: audit } = useAuditRecord(shown)
  const publicState = usePublicState(shown)
  usePageTitle(`Ata do sorteio ${shown}`)
  const ata = useMemo((): Ata | undefined => {
    const failed = (message: string): Ata => ({ status: 'notDrawn', code: shown, title: '', message })
    if (publicState && 'error' in publicState) return failed(publicState.error)
    if (audit.status === 'notFound') return failed('Sorteio não encontrado')
    if (audit.status === 'failed') return failed(audit.message)
    if (!publicState || audit.status !== 'ready') return undefined
    return buildAta(publicAtaInput(publicState.state, audit.record, window.location.origin))
  }, [audit, publicState, shown])
  return <AtaScreen ata={ata} back={{ to: `/sorteio/${shown}/verificar`, label: 'Voltar à verificação' }} />
}
