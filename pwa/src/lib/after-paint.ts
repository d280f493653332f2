// Background work that can wait a frame (starting sync, the round finisher) runs after the screen it
// was started with has been painted, so it does not hold that first paint back.
// Step 5 of "The start-up path" (docs/architecture.md).

/** Calls fn once, after the next frame is painted; the returned function cancels it. */
export function afterPaint(fn: () => void): () => void {
  let done = false
  let task: ReturnType<typeof setTimeout> | undefined
  let frame: number | undefined
  const run = () => {
    if (done) return
    done = true
    fn()
  }
  const doc = typeof document === 'undefined' ? null : document
  // A hidden tab runs no animation frames (nor paints): its work starts at once, and a tab hidden
  // while waiting starts it then.
  const onHidden = () => {
    if (doc?.visibilityState === 'hidden') run()
  }
  if (typeof requestAnimationFrame !== 'function' || doc?.visibilityState === 'hidden') {
    task = setTimeout(run, 0)
  } else {
    // A frame's callback runs before that frame is painted; the next frame's callback runs once it
    // is, and the task queued there after the browser has presented it.
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => (task = setTimeout(run, 0)))
    })
    doc?.addEventListener('visibilitychange', onHidden)
  }
  return () => {
    done = true
    clearTimeout(task)
    if (frame !== undefined) cancelAnimationFrame(frame)
    doc?.removeEventListener('visibilitychange', onHidden)
  }
}
