import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { useSync } from '@/sync/sync-context'
import { PENDING_BEFORE_UPDATE } from '@/app/sync/sync-text'

const UPDATE_TOAST_ID = 'sw-update'

/**
 * Registers the service worker and asks before switching to a new version: a silent reload could
 * cut off a draw or a form in progress, so the user decides when. While changes wait in the outbox
 * the new version does not take over: they are sent first, or the user is told to connect.
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
  const sync = useSync()
  // Read when pressed, so signing in or out does not show the prompt again.
  const syncRef = useRef(sync)
  useEffect(() => {
    syncRef.current = sync
  }, [sync])

  useEffect(() => {
    if (!needRefresh) return
    const action = {
      label: 'Atualizar',
      onClick: (event: { preventDefault(): void }) => {
        // The toast stays until the outcome is known.
        event.preventDefault()
        void update()
      },
    }
    async function update() {
      const current = syncRef.current
      if (current) {
        toast.loading('Enviando alterações pendentes...', { id: UPDATE_TOAST_ID, duration: Infinity })
        const left = await current.flush().catch(() => 1)
        if (left > 0) {
          toast.warning(PENDING_BEFORE_UPDATE, { id: UPDATE_TOAST_ID, duration: Infinity, action })
          return
        }
      }
      toast.dismiss(UPDATE_TOAST_ID)
      void updateServiceWorker(true)
    }
    toast('Nova versão disponível', {
      id: UPDATE_TOAST_ID,
      description: 'Atualize para usar a versão mais recente do Sorteio.',
      duration: Infinity,
      action,
    })
  }, [needRefresh, updateServiceWorker])

  return null
}
