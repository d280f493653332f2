import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { useSyncStatus } from '@/sync/sync-context'

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the browser has a network at all (public pages, which run no sync engine, ask only this). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine)
}

/**
 * Whether this device can reach the server: the browser has a network and, when the sync engine
 * runs, its last request got through. The sync bar's "Online"/"Offline", and the mode a draw
 * started now declares.
 */
export function useOnline(): boolean {
  const status = useSyncStatus()
  const browser = useBrowserOnline()
  return browser && (status?.online ?? true)
}

/** A getter of the latest online state, for work that outlives the render it started in. */
export function useOnlineGetter(): () => boolean {
  const online = useOnline()
  const ref = useRef(online)
  useEffect(() => {
    ref.current = online
  }, [online])
  return useCallback(() => ref.current, [])
}
