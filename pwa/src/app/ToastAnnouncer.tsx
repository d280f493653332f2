import { useEffect } from 'react'
import { useSonner, type ToastT } from 'sonner'

function spoken(t: ToastT): string {
  const parts = [t.title, t.description].filter((part): part is string => typeof part === 'string' && part !== '')
  return parts.join('. ')
}

/**
 * What screen readers hear of the toasts. Sonner's own list is one polite live region for every
 * kind; errors must interrupt (assertive), so its region is silenced and the newest toast is read
 * from here instead: errors from role=alert, everything else from role=status. The toasts
 * themselves stay reachable (alt+T) with their buttons.
 */
export function ToastAnnouncer() {
  const { toasts } = useSonner()

  useEffect(() => {
    // Rendered beside <AppToaster/>, whose region exists once this runs.
    document.querySelector('section[aria-label^="Notificações"][aria-live]')?.setAttribute('aria-live', 'off')
  }, [])

  // Only the newest toast, as only one is visible; once it goes its text goes too, so nobody finds
  // a stale one later by browsing.
  const newest = toasts[0]
  const text = newest ? spoken(newest) : ''
  const urgent = newest?.type === 'error'

  return (
    <div className="sr-only">
      <div role="status">{urgent ? '' : text}</div>
      <div role="alert">{urgent ? text : ''}</div>
    </div>
  )
}
