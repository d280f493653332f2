// Step 6 of "The start-up path" (docs/architecture.md): the service worker, once the page has started.
import { useEffect, useState, type ReactNode } from 'react'
import { usePainted } from '@/components/ui/usePainted'
import { useSession } from '@/sync/session-context'
import { useSyncStatus } from '@/sync/sync-context'

/** However the start goes (a sync that never ends, a slow screen), what waits starts by then. */
export const STARTUP_CAP_MS = 10_000

/**
 * Renders its children once the page has started: its first screen is up and, for a signed-in
 * account, the sync engine has a completed sync on record (on a new device, this page's first; on
 * one that synced before, the stored one, read as the engine starts) or its first sync failed, or
 * STARTUP_CAP_MS after mounting. The service worker's registration waits here: registered at the
 * app's first render (the plugin's default), its first precache of the whole app ran beside a new
 * device's snapshot and delayed it (docs/bench/2026-11-25.md).
 */
export function AfterStartup({ children, capMs = STARTUP_CAP_MS }: { children: ReactNode; capMs?: number }) {
  // The app renders once the first screen's code is in (main.tsx): the next paint is that screen.
  const screenUp = usePainted()
  const [started, setStarted] = useState(false)
  const session = useSession().state.status
  const status = useSyncStatus()

  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), capMs)
    return () => clearTimeout(timer)
  }, [capMs])

  // Signed in, the engine appears after the first screen: until it has synced once, the start goes
  // on. Not its role: every tab is a 'follower' until it gets the sync lock; a tab that stays one
  // sees the leader's last sync (stored), or the cap.
  const syncDone = status !== null && (status.lastSyncedAt !== null || status.error !== null || status.role === 'stopped')
  const settled = screenUp && (session === 'signedOut' || (session === 'signedIn' && syncDone))
  // Once started, a later sync (or sign-in) does not take it back (state set while rendering, as
  // React allows for state derived from props and context).
  if (settled && !started) setStarted(true)
  return settled || started ? children : null
}
