import { Toaster } from 'sonner'

/** The one place toasts appear. Only one is visible at a time, as the spec asks. */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      theme="light"
      richColors
      closeButton
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação' }}
    />
  )
}
