import { useLayoutEffect } from 'react'
import { Toaster, useSonner } from 'sonner'

// Toasts sit at the bottom: at the top they covered the header ('Sair') on phones. On organiser
// screens they stay above the sync bar (SyncStatus sets --sync-bar-height), and above the home
// indicator on phones. On wide screens they take the bottom-right corner, beside the content.
const bottom = 'calc(var(--sync-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 16px)'

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

/** The one place toasts appear. Only one is visible at a time, as the spec asks. */
export function AppToaster() {
  return (
    <>
      <ErrorsInterrupt />
      <Toaster
        visibleToasts={1}
        position="bottom-right"
        offset={{ bottom, right: '24px' }}
        mobileOffset={{ bottom, left: '12px', right: '12px' }}
        theme="light"
        richColors
        closeButton
        containerAriaLabel={REGION_LABEL}
        toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
      />
    </>
  )
}
