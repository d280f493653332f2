// A signed-in page's background work (the sync engine, the round finisher) waits for the page's
// first screen. Waiting for the next paint alone was not enough: on a first load that paint is the
// router's loading spinner, and the engine's start-up (Dexie's code, the database's opening) then
// ran while the screen's own code was arriving and held its heading back (Lighthouse: the
// dashboard's largest paint 0.8 s later on the phone profile).

import { afterPaint } from '@/lib/after-paint'

/** What of a router this needs: its state and a way to be told when that changes. */
export interface RouterLike {
  state: { initialized: boolean }
  subscribe(fn: (state: { initialized: boolean }) => void): () => void
}

/** For a provider given no first screen to wait for (tests): one settled promise, not a new one per render. */
export const noWait: Promise<void> = Promise.resolve()

/** Resolves once the router has the first screen's code (its lazy routes loaded). */
export function whenInitialized(router: RouterLike): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}

/**
 * Calls fn once `ready` has settled and the frame after it has been painted; the returned function
 * cancels it. A `ready` that rejects counts as settled: background work must start regardless.
 */
export function afterScreen(ready: Promise<unknown>, fn: () => void): () => void {
  let cancelled = false
  let cancelPaint = () => {}
  const go = () => {
    if (!cancelled) cancelPaint = afterPaint(fn)
  }
  ready.then(go, go)
  return () => {
    cancelled = true
    cancelPaint()
  }
}
