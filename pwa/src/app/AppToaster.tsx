import { Toaster } from 'sonner'

// Toasts sit at the bottom: at the top they covered the header ('Sair') on phones. On organiser
// screens they stay above the sync bar (SyncStatus sets --sync-bar-height), and above the home
// indicator on phones. On wide screens they take the bottom-right corner, beside the content.
const bottom = 'calc(var(--sync-bar-height, 0px) + env(safe-area-inset-bottom, 0px) + 16px)'

/** The one place toasts appear. Only one is visible at a time, as the spec asks. */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      position="bottom-right"
      offset={{ bottom, right: '24px' }}
      mobileOffset={{ bottom, left: '12px', right: '12px' }}
      theme="light"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
    />
  )
}
