import { useEffect, useState } from 'react'
import type { AuditExport } from '@/features/verify-draw/audit-record'
import { STEPS_PER_ROUND, verifyExport, type ExportCheck } from '@/features/verify-draw/verify-record'

export type VerificationState = { status: 'running'; done: number; total: number } | { status: 'done'; check: ExportCheck } | { status: 'failed' }

/** Recomputes the record in this browser, round by round, keeping the page responsive. */
export function useVerification(record: AuditExport): VerificationState {
  const [result, setResult] = useState<{ record: AuditExport; state: VerificationState } | null>(null)

  useEffect(() => {
    let live = true
    const set = (state: VerificationState) => {
      if (live) setResult({ record, state })
    }
    verifyExport(record, { onProgress: (done, total) => set({ status: 'running', done, total }) }).then(
      (check) => set({ status: 'done', check }),
      // Web Crypto exists only on https (and localhost): elsewhere nothing can be recomputed here.
      () => set({ status: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [record])

  if (result?.record === record) return result.state
  return { status: 'running', done: 0, total: record.draws.length * STEPS_PER_ROUND }
}
