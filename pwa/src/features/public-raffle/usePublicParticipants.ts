import { useCallback, useEffect, useState } from 'react'
import type { PublicPerson } from '@/protocol/public-state'
import { errorText } from '@/components/ui/error-text'
import { fetchParticipants } from '@/features/public-raffle/public-api'

export interface ParticipantsView {
  people: PublicPerson[]
  /** People matching the search, or null before the first page. */
  total: number | null
  loading: boolean
  error: string | null
  loadMore(): void
  reload(): void
}

interface Pages {
  key: string
  people: PublicPerson[]
  total: number | null
  loading: boolean
  error: string | null
}

/**
 * The raffle's people, 100 at a time from the server, filtered by `term` there (name or ticket).
 * Nothing is fetched until `enabled`: a big raffle's list waits for the viewer to ask for it.
 */
export function usePublicParticipants(code: string, term: string, enabled: boolean): ParticipantsView {
  const [reloads, setReloads] = useState(0)
  const key = `${code}|${term}|${reloads}`
  const [pages, setPages] = useState<Pages | null>(null)

  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    fetchParticipants(code, term, 0, controller.signal).then(
      (page) => setPages({ key, people: page.people, total: page.total, loading: false, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setPages({ key, people: [], total: null, loading: false, error: errorText(error) })
      },
    )
    return () => controller.abort()
  }, [code, term, key, enabled])

  const current = pages?.key === key ? pages : null

  const loadMore = useCallback(() => {
    if (!current || current.loading) return
    const offset = current.people.length
    setPages({ ...current, loading: true, error: null })
    fetchParticipants(code, term, offset).then(
      (page) => setPages((now) => (now?.key === key ? { ...now, people: [...now.people, ...page.people], total: page.total, loading: false } : now)),
      (error: unknown) => setPages((now) => (now?.key === key ? { ...now, loading: false, error: errorText(error) } : now)),
    )
  }, [current, code, term, key])

  return {
    people: current?.people ?? [],
    total: current?.total ?? null,
    loading: enabled && (!current || current.loading),
    error: current?.error ?? null,
    loadMore,
    reload: useCallback(() => setReloads((n) => n + 1), []),
  }
}
