import { useSyncStatus } from '@/sync/sync-context'
import { lastSyncText, othersText, pendingText, problemText, refusedDetail, refusedText } from '@/app/sync/sync-text'
import { Link } from 'react-router-dom'
import { cn } from '@/lib/cn'

/**
 * The sync bar of the organiser screens: connection, what still waits for the server and when the
 * last sync finished. Organisers run draws at venues with poor signal, so they must see at a
 * glance whether their changes are safe on the server. Renders nothing when nobody is signed in.
 */
export function SyncStatus() {
  const status = useSyncStatus()
  if (!status || status.role === 'stopped') return null
  const problem = problemText(status)
  return (
    <>
      {/* Keeps the end of the page clear of the fixed bar. */}
      <div aria-hidden="true" className="h-12 print:hidden" />
      <section
        ref={publishHeight}
        aria-label="Sincronização"
        className="fixed inset-x-0 print:hidden bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-4 gap-y-0.5 px-4 py-2 text-xs text-slate-600 sm:px-6">
          <span className="inline-flex items-center gap-1.5 font-medium text-slate-800">
            <span aria-hidden="true" className={cn('size-2 rounded-full', status.online ? 'bg-emerald-500' : 'bg-slate-400', status.syncing && 'animate-pulse')} />
            {status.online ? 'Online' : 'Offline'}
          </span>
          <span role="status" className={cn(status.pending > 0 && 'font-medium text-amber-700')}>
            {pendingText(status.pending, status.refused, status.others)}
          </span>
          {status.others > 0 && <span className="font-medium text-amber-700">{othersText(status.others)}</span>}
          {status.refused > 0 && (
            <Link to="/dashboard#nao-enviados" className="font-medium text-red-700 underline focus-visible:outline-3 focus-visible:outline-brand-800">
              {refusedText(status.refused)}
            </Link>
          )}
          {problem && <span className="font-medium text-red-700">{problem}</span>}
          {status.error === 'refused' && <span className="basis-full text-red-700">{refusedDetail(status.detail)}</span>}
          <span className="ms-auto">{lastSyncText(status.lastSyncedAt)}</span>
        </div>
      </section>
    </>
  )
}

/**
 * Publishes the bar's height as --sync-bar-height, so toasts (AppToaster) stand above it instead of
 * covering what is pending; it grows when a problem wraps onto a second line. A callback ref: the
 * bar comes and goes with signing in and out.
 */
function publishHeight(element: HTMLElement | null) {
  const root = document.documentElement.style
  if (!element || typeof ResizeObserver === 'undefined') return
  const observer = new ResizeObserver(() => root.setProperty('--sync-bar-height', `${element.offsetHeight}px`))
  observer.observe(element)
  return () => {
    observer.disconnect()
    root.removeProperty('--sync-bar-height')
  }
}
