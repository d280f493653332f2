import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Toaster, useSonner } from 'sonner'
import { keepClearOfFocus, type Lane, PHONE_MAX_WIDTH, pickLane } from '@/app/toast-lane'

// Toasts sit at the bottom: at the top they covered the header ('Sair') on phones. On organiser
// screens they stay above the sync bar (SyncStatus sets --sync-bar-height), and above the home
// indicator on phones. On wide screens they take the bottom-right corner, beside the content. On a
// phone a toast that would cover a control there goes to the top instead, and one already up moves
// off a field that takes focus under it (app/toast-lane.ts).
const bottom = 'calc(var(--sync-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 16px)'
const top = 'calc(env(safe-area-inset-top, 0px) + 12px)'
/** A toast's height with a title and a one-line description on a 360 px phone (74 px), and a little. */
const TOAST_HEIGHT = 80

/** The label of Sonner's live region (it adds the hotkey after it). */
const REGION_LABEL = 'Notificações'

/**
 * Sonner's list is one live region, always polite; an error must interrupt. This sets the region
 * assertive while the newest toast is an error and polite otherwise. It is rendered before the
 * Toaster so it hears of each toast first: the region's politeness is set before the toast is
 * inserted, which is when a screen reader reads it. Nothing is duplicated, so nothing is read twice.
 */
function ErrorsInterrupt() {
  const { toasts } = useSonner()
  const urgent = toasts[0]?.type === 'error'
  useLayoutEffect(() => {
    const region = document.querySelector(`section[aria-label^="${REGION_LABEL}"][aria-live]`)
    region?.setAttribute('aria-live', urgent ? 'assertive' : 'polite')
  }, [urgent])
  return null
}

/**
 * Picks each new toast's lane on a phone, from two invisible boxes standing where a toast would in
 * each (the browser resolves the safe areas and the sync bar's height). Like ErrorsInterrupt it is
 * rendered before the Toaster, so the lane is set before the toast is inserted: it appears there.
 */
function LaneChooser({ lane, onLane }: { lane: Lane; onLane: (lane: Lane) => void }) {
  const { toasts } = useSonner()
  const newest = toasts[0]?.id
  const topBand = useRef<HTMLDivElement>(null)
  const bottomBand = useRef<HTMLDivElement>(null)
  const bands = useCallback(() => {
    const phone = window.innerWidth <= PHONE_MAX_WIDTH && typeof document.elementsFromPoint === 'function'
    if (!phone || !topBand.current || !bottomBand.current) return null
    return { top: topBand.current.getBoundingClientRect(), bottom: bottomBand.current.getBoundingClientRect() }
  }, [])
  useLayoutEffect(() => {
    if (newest === undefined) return
    const now = bands()
    onLane(now ? pickLane(now) : 'bottom')
  }, [newest, onLane, bands])
  // A field focused while a toast is up (the manage screen's, under 'Sorteio criado!') moves it.
  useEffect(() => {
    if (newest === undefined) return
    const onFocus = () => {
      const now = bands()
      if (now) onLane(keepClearOfFocus(lane, now))
    }
    document.addEventListener('focusin', onFocus)
    return () => document.removeEventListener('focusin', onFocus)
  }, [newest, lane, onLane, bands])
  const band = 'pointer-events-none invisible fixed inset-x-3'
  return (
    <>
      <div ref={topBand} aria-hidden="true" className={band} style={{ top, height: TOAST_HEIGHT }} />
      <div ref={bottomBand} aria-hidden="true" className={band} style={{ bottom, height: TOAST_HEIGHT }} />
    </>
  )
}

/** The one place toasts appear. Only one is visible at a time, as the spec asks. */
export function AppToaster() {
  const [lane, setLane] = useState<Lane>('bottom')
  return (
    <>
      <ErrorsInterrupt />
      <LaneChooser lane={lane} onLane={setLane} />
      <Toaster
        visibleToasts={1}
        position={lane === 'top' ? 'top-right' : 'bottom-right'}
        offset={{ bottom, right: '24px' }}
        mobileOffset={{ top, bottom, left: '12px', right: '12px' }}
        theme="light"
        richColors
        closeButton
        containerAriaLabel={REGION_LABEL}
        toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      />
    </>
  )
}
