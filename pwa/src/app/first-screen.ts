// The app renders once the router has the first screen's code (main.tsx waits for router.ts's
// firstScreen), so a signed-in page's background work (the sync engine, the round finisher, the
// service worker), started after the next paint, follows that screen. Started after a paint of an
// earlier render, it followed the router's loading spinner, and the engine's start-up (Dexie's code,
// the database's opening) ran while the screen's own code was arriving and held its heading back
// (Lighthouse: the dashboard's largest paint later on the phone profile).
// Step 3 of "The start-up path" (docs/architecture.md).

/** What of a router this needs: its state and a way to be told when that changes. */
export interface RouterLike {
  state: { initialized: boolean }
  subscribe(fn: (state: { initialized: boolean }) => void): () => void
}

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
