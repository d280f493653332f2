import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { BackLink } from '@/components/ui/BackLink'
import { ButtonLink } from '@/components/ui/ButtonLink'
import { Card } from '@/components/ui/Card'
import { ShieldIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { PageSpinner } from '@/components/ui/Spinner'
import { Tabs } from '@/components/ui/Tabs'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { AbandonedNotice } from '@/features/public-raffle/AbandonedNotice'
import { LiveShow } from '@/components/show/LiveShow'
import { openRound } from '@/features/public-raffle/live-show'
import { PoolFairness } from '@/features/public-raffle/PoolFairness'
import { OfflineNotice, RaffleLoadFailed, RaffleNotFound } from '@/features/public-raffle/PageStates'
import { PublicParticipants } from '@/features/public-raffle/PublicParticipants'
import { PublicWinners } from '@/features/public-raffle/PublicWinners'
import { publicTitle } from '@/features/public-raffle/public-text'
import { RaffleSummary } from '@/features/public-raffle/RaffleSummary'
import { SelfCheck } from '@/features/public-raffle/SelfCheck'
import { usePublicRaffle } from '@/features/public-raffle/usePublicRaffle'

type Tab = 'participants' | 'winners'

function PublicRaffle({ code }: { code: string }) {
  const view = usePublicRaffle(code)
  const { load, live, online, retry } = view
  const [tab, setTab] = useState<Tab>('participants')
  const completed = live.state?.raffle.status === 'completed'
  // A finished raffle opens on its result.
  const [tabChosen, setTabChosen] = useState(false)
  const shownTab = tabChosen ? tab : completed ? 'winners' : 'participants'
  usePageTitle(publicTitle(code, load.status, live.state?.raffle.title))

  if (load.status === 'notFound') return <RaffleNotFound code={code} />
  if (load.status === 'waiting') return <RaffleNotFound code={code} listening />
  if (load.status === 'failed') return <RaffleLoadFailed message={load.message} offline={load.offline} onRetry={retry} />
  if (load.status === 'loading' || !live.state) return <PageSpinner label="Carregando sorteio..." />
  const { state } = live

  return (
    <PageContainer>
      <BackLink to="/sorteio">Consultar outro código</BackLink>
      <div className="mt-4 space-y-4">
        {!online && (
          <div data-print="hide">
            <OfflineNotice />
          </div>
        )}
        {live.abandoned !== null && <AbandonedNotice code={code} />}
        <RaffleSummary state={state} connection={online ? view.connection : 'reconnecting'} />
        <div data-print="hide" className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to={`/sorteio/${code}/verificar`} variant="secondary" className="sm:flex-1">
            <ShieldIcon className="size-4" />
            Verificar sorteio
          </ButtonLink>
          <ButtonLink to={`/sorteio/${code}/telao`} variant="outline" className="sm:flex-1">
            Modo telão
          </ButtonLink>
        </div>
        <Card className={completed ? 'print:hidden' : undefined}>
          <Tabs<Tab>
            label="Sorteio"
            value={shownTab}
            onChange={(next) => {
              setTab(next)
              setTabChosen(true)
            }}
            items={[
              {
                value: 'participants',
                label: 'Participantes',
                content: <PublicParticipants code={code} people={state.counts.people} tickets={state.counts.tickets} />,
              },
              { value: 'winners', label: 'Vencedores', content: <PublicWinners winners={state.winners} prizes={state.raffle.prizes} alternates={state.alternates} /> },
            ]}
          />
        </Card>
        {/* On paper a finished raffle is its result: the winners with their prizes and the alternates,
            whichever tab is open. Placed after the tabs, not shown on screen and hidden from assistive
            technology. */}
        {completed && (
          <section aria-hidden="true" className="hidden print:block">
            <h2 className="mb-3 text-lg font-semibold text-slate-900">Vencedores</h2>
            <PublicWinners winners={state.winners} prizes={state.raffle.prizes} alternates={state.alternates} />
          </section>
        )}
        <div data-print="hide">
          <SelfCheck code={code} simple={state.raffle.type === 'simple'} winners={state.winners} />
        </div>
      </div>
      <LiveShow
        round={openRound(live.state)}
        plan={live.show}
        offsetMs={view.offsetMs}
        tickets={live.state.raffle.type === 'tickets'}
        onClose={view.close}
        fairness={<PoolFairness state={live.state} />}
      />
    </PageContainer>
  )
}

/** /sorteio/{code}: a raffle as the public follows it, live. */
export default function PublicRafflePage() {
  const { code = '' } = useParams()
  const shown = code.toUpperCase()
  // A new code is a new page: nothing of the last raffle's live state carries over.
  return <PublicRaffle key={shown} code={shown} />
}
