import { useContext, useEffect, useState } from 'react'
import { SessionContext } from '@/sync/session-context'
import { afterPaint } from '@/lib/after-paint'
import { useOnline } from '@/sync/online'
import { useSyncStatus } from '@/sync/sync-context'
import type { RoundFinisher } from '@/sync/round-finisher'

/**
 * Finishes every round this device opened when its countdown ends, whichever screen is open, for
 * as long as an account is signed in (mounted once, by the root layout). A round that failed is
 * tried again when the device comes back online and whenever sync moves on (a sync finished, or
 * its error changed), never given up for the session.
 */
export function useDrawFinisher(): void {
  // Outside a session provider (some tests render the layout alone) nobody is signed in.
  const state = useContext(SessionContext)?.state
  const userId = state?.status === 'signedIn' ? state.user.id : null
  const [finisher, setFinisher] = useState<RoundFinisher | null>(null)

  useEffect(() => {
    if (!userId) return
    let made: RoundFinisher | null = null
    let cancelled = false
    // Loaded on sign-in: the landing page and the quick draw stay small. Started once the screen
    // has painted (a frame later: a countdown that ended while the app was closed is still revealed
    // at once, not seconds late).
    const cancelWait = afterPaint(() => {
      void import('@/app/sync/draw-finisher').then(({ startDrawFinisher }) => {
        if (cancelled) return
        made = startDrawFinisher(userId)
        setFinisher(made)
      })
    })
    return () => {
      cancelled = true
      cancelWait()
      made?.stop()
      setFinisher(null)
    }
  }, [userId])

  const online = useOnline()
  const status = useSyncStatus()
  const lastSyncedAt = status?.lastSyncedAt
  const error = status?.error
  useEffect(() => {
    finisher?.retry()
  }, [finisher, online, lastSyncedAt, error])
}
