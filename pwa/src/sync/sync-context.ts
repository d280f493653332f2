import { createContext, useContext, useSyncExternalStore } from 'react'
import type { SyncEngine } from '@/sync/engine'
import type { SyncStatus } from '@/sync/status'

export interface SyncValue {
  /** The signed-in account's engine; null while nobody is signed in. */
  engine: SyncEngine | null
  /**
   * Tries to send what waits, then resolves with how many changes (of any account on this device)
   * still wait. The update prompt calls it before letting a new version take over.
   */
  flush(): Promise<number>
}

export const SyncContext = createContext<SyncValue | null>(null)

/** The sync handle, or null outside <SyncProvider> (some tests render screens without it). */
export function useSync(): SyncValue | null {
  return useContext(SyncContext)
}

const noSubscribe = () => () => {}
const noStatus = () => null

/** The live sync status for the UI; null when no account is signed in (or outside the provider). */
export function useSyncStatus(): SyncStatus | null {
  const engine = useSync()?.engine ?? null
  return useSyncExternalStore(engine ? engine.subscribe : noSubscribe, engine ? engine.getStatus : noStatus)
}

const noError = () => null

/** Only the sync error (null when none or nobody is signed in): re-renders when that changes alone. */
export function useSyncError(): SyncStatus['error'] {
  const engine = useSync()?.engine ?? null
  return useSyncExternalStore(engine ? engine.subscribe : noSubscribe, engine ? () => engine.getStatus().error : noError)
}
