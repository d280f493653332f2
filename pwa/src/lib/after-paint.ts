// Background work that can wait a frame (starting sync, the round finisher) runs after the screen it
// was started with has been painted, so it does not hold that first paint back.

/** At the latest: a hidden tab runs no animation frames. */
const LATEST_MS = 100

/** Calls fn once, after the next frame is painted (or LATEST_MS); the returned function cancels it. */
export function afterPaint(fn: () => void): () => void {
  let done = false
  let task: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (done) return
    done = true
    fn()
  }
  const latest = setTimeout(run, LATEST_MS)
  // A frame's callback runs before that frame is painted; the next frame's callback runs once it
  // is, and the task queued there after the browser has presented it.
  let frame: number | undefined
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => (task = setTimeout(run, 0)))
    })
  }
  return () => {
    done = true
    clearTimeout(latest)
    clearTimeout(task)
    if (frame !== undefined) cancelAnimationFrame(frame)
  }
}
