import { useState } from 'react'
import { BackLink } from '@/components/ui/BackLink'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { DiceIcon } from '@/components/ui/icons'
import { PageContainer } from '@/components/ui/PageContainer'
import { usePageTitle } from '@/components/ui/usePageTitle'
import { AddParticipantForm } from '@/features/quick-draw/AddParticipantForm'
import { DrawingAnimation } from '@/features/quick-draw/DrawingAnimation'
import { ParticipantList } from '@/features/quick-draw/ParticipantList'
import { CLEARED_TEXT, useQuickDraw } from '@/features/quick-draw/useQuickDraw'
import { WinnerCard } from '@/features/quick-draw/WinnerCard'
import { WinnersCountField } from '@/features/quick-draw/WinnersCountField'

/** /sorteio-publico: a draw with no account, run entirely on this device and kept there. */
export default function QuickDrawPage() {
  usePageTitle('Sorteio Rápido')
  const { participants, phase, rounds, times, count, setCount, removed, add, addMany, remove, undo, start, reset, cleared, restore } = useQuickDraw()
  const drawing = phase === 'drawing'
  // Once a draw has been cleared, the name field takes focus whenever it comes back.
  const [again, setAgain] = useState(false)
  const won = rounds.reduce((n, r) => n + r.length, 0)

  return (
    <PageContainer>
      <BackLink to="/">Voltar para início</BackLink>
      <div className="mt-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Sorteio Rápido</h1>
        <p className="mt-1 text-slate-600">Adicione os nomes e sorteie os vencedores. Sem cadastro.</p>
      </div>

      <div aria-live="polite">
        {drawing && (
          <Card className="mt-5 border-brand-200">
            <DrawingAnimation participants={participants} />
          </Card>
        )}
        {phase === 'done' && rounds.length > 0 && (
          <Card className="mt-5 border-brand-200 bg-gradient-to-b from-brand-50 to-white">
            <WinnerCard
              rounds={rounds}
              drawnAt={times.length === rounds.length ? times[times.length - 1] : undefined}
              total={participants.length}
              canDrawAgain={won < participants.length}
              onDrawAgain={start}
              onReset={() => {
                reset()
                setAgain(true)
              }}
            />
          </Card>
        )}
      </div>

      {cleared && (
        <p role="status" className="mt-5 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-100 px-4 py-2 text-sm text-slate-700">
          {CLEARED_TEXT}
          <Button variant="outline" size="sm" onClick={restore}>
            Desfazer
          </Button>
        </p>
      )}
      <Card className="mt-5 space-y-5">
        {phase === 'idle' && <AddParticipantForm onAdd={add} onAddMany={addMany} disabled={drawing} focusOnMount={again} />}
        <ParticipantList participants={participants} onRemove={remove} canRemove={phase === 'idle'} removed={removed?.participant} onUndo={undo} />
        {!drawing && <WinnersCountField count={count} onChange={setCount} disabled={drawing} />}
        {phase !== 'done' && (
          <Button size="lg" className="w-full" onClick={start} disabled={drawing || participants.length === 0} loading={drawing}>
            {!drawing && <DiceIcon className="size-5" />}
            {drawing ? 'Sorteando...' : 'Sortear'}
          </Button>
        )}
      </Card>
    </PageContainer>
  )
}
