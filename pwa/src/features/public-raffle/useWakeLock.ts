import { useEffect } from 'react'

interface WakeLockSentinelLike {
  released: boolean
  release(): Promise<void>
}

interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>
}

/**
 * Keeps the display awake while the big screen is open (Screen Wake Lock API, where the browser has
 * it): a projector left on the page must not go dark before the draw. The browser releases the lock
 * when the tab is hidden, so it is asked for again each time the page is visible.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock
    if (!wakeLock) return
    let sentinel: WakeLockSentinelLike | null = null
    let stopped = false
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return
      wakeLock.request('screen').then(
        (lock) => {
          if (stopped) void lock.release().catch(() => {})
          else sentinel = lock
        },
        // Refused (battery saver, no user gesture yet): the screen may sleep; nothing else changes.
        () => {},
      )
    }
    acquire()
    document.addEventListener('visibilitychange', acquire)
    return () => {
      stopped = true
      document.removeEventListener('visibilitychange', acquire)
      void sentinel?.release().catch(() => {})
    }
  }, [])
}
