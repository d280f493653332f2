// The app's round finisher (sync/round-finisher.ts) with its toasts. Loaded only once someone signs
// in: it brings Dexie and the draw along.
import { toast } from 'sonner'
import { afterReveal } from '@/components/show/after-reveal'
import { errorText } from '@/components/ui/error-text'
import { db as appDb, type SorteioDB } from '@/db/schema'
import { RoundFinisher, type FinisherEvent } from '@/sync/round-finisher'

/** 'Sorteio realizado!' toast's description. */
export function winnersDrawnText(n: number): string {
  return n === 1 ? '1 vencedor sorteado' : `${n} vencedores sorteados`
}

function show(event: FinisherEvent): void {
  if (event.type === 'drawn') {
    const { raffleId, drawId, winners } = event
    // On the raffle's draw tab, once the room has seen the reveal there.
    afterReveal(raffleId, drawId, () => toast.success('Sorteio realizado!', { description: winnersDrawnText(winners) }))
  } else toast.error('Não foi possível concluir o sorteio', { description: errorText(event.error) })
}

/** Starts finishing the account's rounds; stop() it on sign-out. */
export function startDrawFinisher(userId: string, database: SorteioDB = appDb): RoundFinisher {
  const finisher = new RoundFinisher({ db: database, userId, onEvent: show })
  finisher.start()
  return finisher
}
