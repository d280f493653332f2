import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { useParams } from 'react-router-dom'
import { AtaScreen } from '@/components/ata/AtaScreen'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { drawOverview } from '@/db/draw-queries'
import { useGroupIndex } from '@/features/manage-raffle/participants/useGroupIndex'
import { useLeaveWhenMissing, useOwnRaffle } from '@/features/manage-raffle/useOwnRaffle'
import { buildAta, type Ata } from '@/protocol/ata'
import { organiserAtaInput } from '@/features/manage-raffle/ata-input'
import { useSession } from '@/sync/session-context'

function useOrganiserAta(userId: string, email: string, raffleId: string): Ata | undefined {
  const lookup = useOwnRaffle(userId, raffleId)
  useLeaveWhenMissing(lookup.status === 'missing', userId, raffleId)
  const index = useGroupIndex(raffleId)
  const overview = useLiveQuery(() => drawOverview(raffleId), [raffleId])
  const raffle = lookup.status === 'found' ? lookup.raffle : undefined
  return useMemo(() => {
    if (!raffle || !overview || !index) return undefined
    return buildAta(organiserAtaInput(raffle, overview, { people: index.people, tickets: index.tickets }, email, window.location.origin))
  }, [raffle, overview, index, email])
}

/** /gerenciar/{id}/ata: the organiser's 'Ata do sorteio', from this device's data (offline too). */
export default function AtaPage() {
  const { id = '' } = useParams()
  const { state } = useSession()
  const user = state.status === 'signedIn' ? state.user : { id: '', email: '' }
  const ata = useOrganiserAta(user.id, user.email, id)
  usePageTitle(ata ? `Ata do sorteio ${ata.code}` : 'Ata do sorteio')
  return <AtaScreen ata={ata} back={{ to: `/gerenciar/${id}`, label: 'Voltar ao sorteio' }} />
}
