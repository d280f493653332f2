import { useEffect, useState } from 'react'
import { afterPaint } from '@/lib/after-paint'

/** False on a screen's first render, true once that render has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  return painted
}
