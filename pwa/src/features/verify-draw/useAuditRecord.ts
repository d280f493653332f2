import { useEffect, useState } from 'react'
import { errorText } from '@/components/ui/error-text'
import { ApiError, apiRequestText, NetworkError } from '@/lib/api'
import { AuditFormatError, parseAuditExport, type AuditExport } from '@/features/verify-draw/audit-record'
import { NETWORK_FAILURE } from '@/features/verify-draw/verify-text'

export type AuditState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed'; message: string }
  /** `text` is the answer exactly as received, for the download. */
  | { status: 'ready'; record: AuditExport; text: string }

// A raffle of 100,000 tickets publishes several megabytes; give slow connections time.
const TIMEOUT_MS = 30_000

export function auditPath(code: string): string {
  return `/api/public/raffles/${encodeURIComponent(code)}/audit`
}

async function loadAudit(code: string, signal: AbortSignal): Promise<AuditState> {
  try {
    const text = await apiRequestText(auditPath(code), { signal, timeoutMs: TIMEOUT_MS })
    return { status: 'ready', record: parseAuditExport(JSON.parse(text)), text }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'notFound' }
    if (error instanceof NetworkError) return { status: 'failed', message: NETWORK_FAILURE }
    if (error instanceof ApiError || error instanceof AuditFormatError) return { status: 'failed', message: error.message }
    if (error instanceof SyntaxError) return { status: 'failed', message: 'O registro recebido não é um JSON válido.' }
    throw error
  }
}

/** Fetches a raffle's public audit record; `retry` fetches it again after a failure. */
export function useAuditRecord(code: string): { state: AuditState; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const key = `${code}#${attempt}`
  // The answer is kept with the request it answers, so a new code or a retry shows loading at once.
  const [answer, setAnswer] = useState<{ key: string; state: AuditState } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    loadAudit(code, controller.signal).then(
      (state) => {
        if (!controller.signal.aborted) setAnswer({ key, state })
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, state: { status: 'failed', message: errorText(error) } })
      },
    )
    return () => controller.abort()
  }, [code, key])

  return {
    state: answer?.key === key ? answer.state : { status: 'loading' },
    retry: () => setAttempt((n) => n + 1),
  }
}
