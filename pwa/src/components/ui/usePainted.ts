// Step 5 of "The start-up path" (docs/architecture.md): what waits for the first paint.
import { startTransition, useEffect, useState } from 'react'
import { afterPaint } from '@/lib/after-paint'

/**
 * False on a screen's first render, true once that render has been painted. What waited for the
 * paint renders as a transition: it yields to input and paint instead of running as one long task.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => startTransition(() => setPainted(true))), [])
  return painted
}
