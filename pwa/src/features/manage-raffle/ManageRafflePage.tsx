import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { Card } from '@/components/ui/Card'
import { RefusedChanges } from '@/components/refused/RefusedChanges'
import { PageContainer } from '@/components/ui/PageContainer'
import { Skeleton } from '@/components/ui/Skeleton'
import { Spinner } from '@/components/ui/Spinner'
import { Tabs } from '@/components/ui/Tabs'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { useSession } from '@/sync/session-context'
import type { RaffleRow } from '@/db/schema'
import type { GroupIndex } from '@/features/manage-raffle/participants/participants-logic'
import { DrawTab } from '@/features/manage-raffle/draw/DrawTab'
import { ParticipantsTab } from '@/features/manage-raffle/participants/ParticipantsTab'
import { RaffleHeader } from '@/features/manage-raffle/RaffleHeader'
import { SharePanel } from '@/features/manage-raffle/SharePanel'
import { SettingsTab } from '@/features/manage-raffle/settings/SettingsTab'
import { useDrawView } from '@/features/manage-raffle/draw/useDraw'
import { useGroupIndex } from '@/features/manage-raffle/participants/useGroupIndex'
import { NOT_HERE_YET, useLeaveWhenMissing, useOwnRaffle } from '@/features/manage-raffle/useOwnRaffle'
import { useResultCheck } from '@/features/manage-raffle/useResultCheck'

type Tab = 'participants' | 'settings' | 'draw'

function Loading() {
  return (
    <Card>
      {/* The raffle's title replaces this heading once it is read. */}
      <h1 className="sr-only">Gerenciar Sorteio</h1>
      <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-700" />
        Carregando...
      </div>
      <Skeleton className="mt-4 h-7 w-2/3" />
      <Skeleton className="mt-3 h-4 w-1/3" />
    </Card>
  )
}

function Manage({ userId, raffle, index }: { userId: string; raffle: RaffleRow; index: GroupIndex | undefined }) {
  // A draw under way (a reload during its countdown) opens on it.
  const [tab, setTab] = useState<Tab>(() => (raffle.status === 'in_progress' ? 'draw' : 'participants'))
  // Here, not in the draw tab: a result the server sent is checked whichever tab is showing (the
  // app reveals this device's rounds whichever screen is open).
  const draw = useDrawView(raffle.id)
  useResultCheck(draw)
  return (
    <>
      <RaffleHeader raffle={raffle} />
      <RefusedChanges userId={userId} raffleId={raffle.id} targets={raffle.status === 'pending' ? [raffle] : []} />
      <div className="mt-5">
        <Tabs<Tab>
          label="Gerenciar sorteio"
          value={tab}
          onChange={setTab}
          items={[
            { value: 'participants', label: 'Participantes', content: <ParticipantsTab userId={userId} raffle={raffle} index={index} /> },
            { value: 'settings', label: 'Configurações', content: <SettingsTab userId={userId} raffle={raffle} /> },
            { value: 'draw', label: 'Sorteio', content: <DrawTab userId={userId} raffle={raffle} index={index} view={draw} /> },
          ]}
        />
      </div>
      {/* Below the tabs: the work of the page comes first; the room is reached from here. */}
      <div className="mt-5">
        <SharePanel raffle={raffle} />
      </div>
    </>
  )
}

function ManageScreen({ userId, raffleId }: { userId: string; raffleId: string }) {
  const lookup = useOwnRaffle(userId, raffleId)
  // Read here, above the tabs, so switching tabs never reads the tickets again; and alongside the
  // raffle's own read rather than after it, so the list does not wait for one more round trip.
  // Nothing read is shown unless the raffle turns out to be this account's.
  const index = useGroupIndex(raffleId)
  const missing = useLeaveWhenMissing(lookup.status === 'missing', userId, raffleId)
  usePageTitle(lookup.status === 'found' ? lookup.raffle.title : 'Gerenciar Sorteio')
  if (lookup.status === 'found') return <Manage userId={userId} raffle={lookup.raffle} index={index} />
  if (lookup.status === 'error') {
    return (
      <Card role="alert">
        <h1 className="text-lg font-semibold text-slate-900">Não foi possível abrir o sorteio</h1>
        <p className="mt-1 text-sm text-slate-600">{lookup.message}</p>
      </Card>
    )
  }
  if (lookup.status === 'missing' && missing === 'offline') {
    return (
      <Card role="status">
        <h1 className="text-lg font-semibold text-slate-900">{NOT_HERE_YET}</h1>
        <p className="mt-1 text-sm text-slate-600">Ele aparece aqui assim que a conexão voltar e o aparelho sincronizar.</p>
      </Card>
    )
  }
  return <Loading />
}

/** /gerenciar/{id}: participants, settings and the draw of one of the organiser's raffles. */
export default function ManageRafflePage() {
  const { id = '' } = useParams()
  const { state } = useSession()
  const userId = state.status === 'signedIn' ? state.user.id : ''
  return (
    <PageContainer width="wide">
      <BackLink to="/dashboard">Voltar para Meus Sorteios</BackLink>
      <div className="mt-4">
        {/* A new key per raffle: nothing (tab, search, edits) carries over from the previous one. */}
        <ManageScreen key={`${userId}:${id}`} userId={userId} raffleId={id} />
      </div>
    </PageContainer>
  )
}
