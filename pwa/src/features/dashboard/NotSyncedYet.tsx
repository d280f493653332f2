import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { useSync } from '@/sync/sync-context'
import type { SyncErrorKind } from '@/sync/status'

/** Why the account's raffles are not here yet, in the words of someone at a venue. */
function reason(error: SyncErrorKind): string {
  if (error === 'offline') return 'Este aparelho está sem conexão. Os sorteios da sua conta aparecem aqui assim que ele se conectar.'
  if (error === 'unauthenticated') return 'Sua sessão expirou. Entre novamente para baixar os sorteios da sua conta.'
  return 'O servidor não respondeu. Os sorteios da sua conta aparecem aqui assim que ele voltar.'
}

/**
 * A device that has never synced the account and cannot now: 'Nenhum sorteio ainda' would be
 * false (the account may hold raffles on the server), and loading cards would spin forever.
 * Creating a raffle still works offline, from the header's 'Novo Sorteio'.
 */
export function NotSyncedYet({ error }: { error: SyncErrorKind }) {
  const engine = useSync()?.engine ?? null
  const [retrying, setRetrying] = useState(false)
  // The retry's sync brings the raffles, which take this card's place before the sync has ended:
  // its end must not update a card that is gone (in tests, after the page itself was torn down).
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const retry = () => {
    if (!engine) return
    setRetrying(true)
    void engine.syncNow().finally(() => {
      if (mounted.current) setRetrying(false)
    })
  }
  return (
    <Card role="alert" className="mt-6">
      <h2 className="font-semibold text-slate-900">Não foi possível baixar seus sorteios</h2>
      <p className="mt-1 text-sm text-slate-600">{reason(error)}</p>
      {error !== 'unauthenticated' && engine && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={retry} loading={retrying}>
          Tentar novamente
        </Button>
      )}
    </Card>
  )
}
