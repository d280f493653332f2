import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { OVERWRITTEN_DETAIL, overwrittenText, RENUMBERED_DETAIL, renumberedText, refusedDetail, refusedToastText, rejectionTitle } from '@/app/sync/sync-text'
import { afterPaint } from '@/lib/after-paint'
import { useSession } from '@/sync/session-context'
import { SyncContext, type SyncValue } from '@/sync/sync-context'
import type { SorteioDB } from '@/db/schema'
import type { SyncEngine } from '@/sync/engine'
import type { SyncEvent } from '@/sync/push'

export type EngineFactory = (userId: string, onEvent: (event: SyncEvent) => void) => SyncEngine | Promise<SyncEngine>

// The engine and Dexie load only once someone signs in: the landing page and the quick draw,
// which most visitors use without an account, must stay small (docs: initial JS budget).
const defaultFactory: EngineFactory = async (userId, onEvent) => {
  const [{ SyncEngine }, { db }] = await Promise.all([import('@/sync/engine'), import('@/db/schema')])
  return new SyncEngine({ db, userId, onEvent })
}

async function outboxSizeOf(database: SorteioDB | undefined): Promise<number> {
  const [{ outboxSize }, { db }] = await Promise.all([import('@/db/outbox'), import('@/db/schema')])
  return outboxSize(database ?? db)
}

interface SyncProviderProps {
  children: ReactNode
  /** Makes the signed-in account's engine; tests pass one wired to a fake server. */
  createEngine?: EngineFactory
  /** The database whose outbox is counted while nobody is signed in (tests pass their own). */
  database?: SorteioDB
  /** Goes to the refused changes ('Não enviados'), from a toast. */
  openRefused?: () => void
}

// A constant default: the engine's effect depends on it, and a new function each render restarts it.
const nothing = () => {}

let persistenceAsked = false

/** Asks once per page load that the browser never evicts the outbox to free space. */
function askPersistentStorage(): void {
  if (persistenceAsked) return
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage
    if (!storage?.persist) return
    persistenceAsked = true
    void storage.persist().catch(() => {})
  } catch {
    // Refused outright (some private modes): storage stays best-effort.
  }
}

function show(event: SyncEvent, refreshSession: () => void, openRefused: () => void): void {
  switch (event.type) {
    case 'rejected':
      // The screen already shows the server's state again (the raffle was rebuilt from it); what was
      // refused is kept in 'Não enviados', which the toast links to.
      toast.error(rejectionTitle(event.opType), {
        // A refused offline round says what the room saw, in full, and nothing else.
        description: event.lasting ? event.message : refusedToastText(event.message, event.count),
        action: { label: 'Ver', onClick: openRefused },
        ...(event.lasting ? { duration: Infinity } : {}),
      })
      return
    case 'overwritten':
      toast.info(overwrittenText(event.field, event.value), { description: OVERWRITTEN_DETAIL })
      return
    case 'renumbered':
      // Lasting: the person needs the new numbers, to tell the people who hold them.
      toast.info(renumberedText(event.numbers), { description: RENUMBERED_DETAIL, duration: Infinity })
      return
    case 'code-changed':
      toast.info(`Código do sorteio alterado para ${event.code}`)
      return
    case 'unauthenticated':
      toast.error('Sua sessão expirou', { description: 'Entre novamente para enviar as alterações pendentes. Nada foi perdido.' })
      // The session provider then sees the session is gone and the guards send the user to /auth.
      refreshSession()
      return
    case 'forbidden-client':
      toast.error(event.message, { description: 'As alterações pendentes continuam guardadas neste aparelho.' })
      return
    case 'push-refused':
      // The status bar keeps saying so until a push goes through.
      toast.error('Alterações recusadas pelo servidor', { description: refusedDetail(event.message) })
  }
}

/**
 * Runs the sync engine while an account is signed in, and stops it on sign-out (the outbox stays:
 * whatever waits goes out when that account signs in again).
 */
export function SyncProvider({ children, createEngine = defaultFactory, database, openRefused = nothing }: SyncProviderProps) {
  const { state, refresh } = useSession()
  const userId = state.status === 'signedIn' ? state.user.id : null
  const [engine, setEngine] = useState<SyncEngine | null>(null)

  useEffect(() => {
    if (!userId) return
    let current: SyncEngine | null = null
    let cancelled = false
    askPersistentStorage()
    // The signed-in screen paints first (its heading and its own read of IndexedDB): the engine's
    // start-up (Dexie, locks, the socket) would otherwise hold that paint back. The app renders
    // only once the first screen's code is in (main.tsx), so the next paint is that screen's.
    const cancelWait = afterPaint(() => {
      void Promise.resolve(createEngine(userId, (event) => show(event, () => void refresh(), openRefused))).then((made) => {
        if (cancelled) return
        current = made
        made.start()
        // What the engine's arrival re-renders (the sync bar, the screens that use it) can wait:
        // as a transition that render yields to input and paint every few milliseconds instead of
        // blocking the main thread in one task just after the first paint.
        startTransition(() => setEngine(made))
      })
    })
    return () => {
      cancelled = true
      cancelWait()
      current?.stop()
      setEngine(null)
    }
  }, [userId, createEngine, refresh, openRefused])

  const value = useMemo<SyncValue>(() => ({ engine, flush: () => (engine ? engine.flush() : outboxSizeOf(database)) }), [engine, database])
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>
}
