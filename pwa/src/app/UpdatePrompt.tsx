import { useEffect } from 'react'
import { toast } from 'sonner'
import { useRegisterSW } from 'virtual:pwa-register/react'

const UPDATE_TOAST_ID = 'sw-update'

/**
 * Registers the service worker and asks before switching to a new version: a silent reload could
 * cut off a draw or a form in progress, so the user decides when.
 */
export function UpdatePrompt() {
  // No "ready for offline" toast: only one toast shows at a time, and it could hide one that matters.
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Falha ao registrar o service worker:', error)
    },
  })

  useEffect(() => {
    if (!needRefresh) return
    toast('Nova versão disponível', {
      id: UPDATE_TOAST_ID,
      description: 'Atualize para usar a versão mais recente do Sorteio.',
      duration: Infinity,
      action: { label: 'Atualizar', onClick: () => void updateServiceWorker(true) },
    })
  }, [needRefresh, updateServiceWorker])

  return null
}
