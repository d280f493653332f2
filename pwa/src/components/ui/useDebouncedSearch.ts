import { useEffect, useRef, useState } from 'react'

/** The spec's search debounce. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The search box's text (updated on every keystroke, so typing stays instant) and the term the
 * list filters by, which follows 300 ms after the last keystroke. Clearing applies at once.
 */
export function useDebouncedSearch() {
  const [text, setText] = useState('')
  const [term, setTerm] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  function change(next: string) {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setTerm(next), SEARCH_DEBOUNCE_MS)
  }

  function clear() {
    clearTimeout(timer.current)
    setText('')
    setTerm('')
  }

  return { text, term, change, clear }
}
