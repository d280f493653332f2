import { Fragment, useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-styles'
import { errorText } from '@/components/ui/error-text'
import { RefreshIcon } from '@/components/ui/icons'
import { clearToasts } from '@/components/ui/toast-control'
import { WinnerEntry } from '@/components/ui/WinnerEntry'
import { WinnerGapEntry } from '@/components/ui/WinnerGapEntry'
import { orderWinners, vacantPositions } from '@/lib/winners'
import { InvalidateWinnerDialog } from '@/features/manage-raffle/draw/InvalidateWinnerDialog'
import { whatsAppLink } from '@/features/manage-raffle/draw/whatsapp'
import { PROMOTE_NOTE, promoteQuestion } from '@/features/manage-raffle/draw/draw-text'

export interface WinnerView {
  id: string
  /** The round that drew it (absent in lists that do not need it). */
  drawId?: string
  position: number
  ticketNumber: string | null
  name: string
  email: string | null
  /** E.164, or null: the organiser's only (private like the e-mail). */
  phone?: string | null
  isValid: boolean
  invalidatedAt: number | null
  invalidationReason: string | null
  /** What the position wins ('' or absent: none named). */
  prize?: string
  /** An alternate called to the place ('Chamar suplente'), not drawn for it. */
  promoted?: boolean
}

interface WinnersListProps {
  winners: WinnerView[]
  isAdmin: boolean
  showEmail: boolean
  /** The raffle's title, for the ready message of 'Chamar no WhatsApp'. */
  title?: string
  onInvalidate?: (winnerId: string, reason: string | null) => Promise<void>
  onRedraw?: (position: number) => Promise<void>
  /** 'Chamar suplente' for a place left without a winner, offered (and named in its gap) while alternatesLeft > 0. */
  onPromote?: (position: number) => Promise<void>
  alternatesLeft?: number
  /** The id of a note every 'Re-sortear' button is described by as well (the offline note). */
  redrawNoteId?: string | undefined
}

/**
 * The winners, by position. Every winner ever drawn stays listed: an invalidated one keeps its card
 * (with the reason and when) beside the one redrawn for its place. Organisers invalidate valid
 * winners and redraw places left without one.
 */
export function WinnersList({ winners, isAdmin, showEmail, title = '', onInvalidate, onRedraw, onPromote, alternatesLeft = 0, redrawNoteId }: WinnersListProps) {
  const baseId = useId()
  const [target, setTarget] = useState<WinnerView | null>(null)
  const [invalidating, setInvalidating] = useState(false)
  const [redrawing, setRedrawing] = useState<ReadonlySet<number>>(new Set())
  // 'Chamar suplente' is public and cannot be undone: asked first.
  const [calling, setCalling] = useState<number | null>(null)

  if (winners.length === 0) {
    return <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Nenhum vencedor sorteado ainda</p>
  }

  const canInvalidate = isAdmin && onInvalidate !== undefined
  const vacant = vacantPositions(winners)
  const ordered = orderWinners(winners)
  const redrawFor = isAdmin && onRedraw ? vacant : new Map<number, WinnerView>()

  async function invalidate(reason: string) {
    if (!target || !onInvalidate) return
    setInvalidating(true)
    try {
      await onInvalidate(target.id, reason.trim() || null)
      toast.success('Vencedor invalidado')
      setTarget(null)
    } catch (error) {
      // The dialog stays open with the reason, so the organiser can try again.
      toast.error('Não foi possível invalidar o vencedor', { description: errorText(error) })
    } finally {
      setInvalidating(false)
    }
  }

  async function promote(position: number) {
    if (!onPromote || redrawing.has(position)) return
    setRedrawing((busy) => new Set(busy).add(position))
    try {
      await onPromote(position)
      toast.success('Suplente chamado!')
    } catch (error) {
      toast.error('Não foi possível chamar o suplente', { description: errorText(error) })
    } finally {
      setRedrawing((busy) => {
        const next = new Set(busy)
        next.delete(position)
        return next
      })
    }
  }

  async function redraw(position: number) {
    if (!onRedraw || redrawing.has(position)) return
    setRedrawing((busy) => new Set(busy).add(position))
    // Nothing may cover the place about to be revealed.
    clearToasts()
    try {
      await onRedraw(position)
      toast.success('Vencedor re-sorteado!')
    } catch (error) {
      if (error instanceof Error && error.name === 'NoEligibleError') {
        toast.error('Não há participantes elegíveis para re-sorteio')
      } else {
        toast.error('Não foi possível realizar o re-sorteio', { description: errorText(error) })
      }
    } finally {
      setRedrawing((busy) => {
        const next = new Set(busy)
        next.delete(position)
        return next
      })
    }
  }

  return (
    <>
      <ul aria-label="Vencedores" className="space-y-3">
        {ordered.map((winner, index) => {
          const detailsId = `${baseId}-${index}`
          let action = null
          if (winner.isValid && canInvalidate) {
            action = (
              <Button variant="outline" size="sm" aria-describedby={detailsId} onClick={() => setTarget(winner)}>
                Invalidar
              </Button>
            )
          } else if (redrawFor.get(winner.position) === winner) {
            const busy = redrawing.has(winner.position)
            const redrawButton = (
              <Button
                variant="secondary"
                size="sm"
                aria-describedby={redrawNoteId ? `${detailsId} ${redrawNoteId}` : detailsId}
                loading={busy}
                onClick={() => redraw(winner.position)}
              >
                {!busy && <RefreshIcon className="size-4" />}
                Re-sortear
              </Button>
            )
            // The organiser's choice: the next alternate, or a new draw for the place. Without one
            // left, the button alone, so the one the dialog gave focus back to stays focused.
            action =
              onPromote && alternatesLeft > 0 ? (
                <>
                  <Button variant="primary" size="sm" aria-describedby={detailsId} disabled={busy} onClick={() => setCalling(winner.position)}>
                    Chamar suplente
                  </Button>
                  {redrawButton}
                </>
              ) : (
                redrawButton
              )
          }
          // A valid winner with a phone can be called at once: the ready message names the place's prize, or the place.
          const call =
            showEmail && winner.isValid && winner.phone ? (
              <a
                href={whatsAppLink(winner.phone, { name: winner.name, position: winner.position, title, prize: winner.prize, promoted: winner.promoted })}
                target="_blank"
                rel="noopener noreferrer"
                aria-describedby={detailsId}
                className={buttonClasses('outline', 'sm')}
              >
                Chamar no WhatsApp
              </a>
            ) : null
          // A place without a valid winner says so below its invalidated ones, as the room's lists do.
          const last = ordered[index + 1]?.position !== winner.position
          const gap = last && vacant.has(winner.position) ? <WinnerGapEntry position={winner.position} prize={winner.prize} alternateLeft={alternatesLeft > 0} /> : null
          return (
            <Fragment key={winner.id}>
              <WinnerEntry
                winner={{ ...winner, email: showEmail ? winner.email : null, phone: showEmail ? winner.phone : null }}
                detailsId={detailsId}
                actions={
                  action || call ? (
                    <>
                      {call}
                      {action}
                    </>
                  ) : null
                }
              />
              {gap}
            </Fragment>
          )
        })}
      </ul>
      {target && <InvalidateWinnerDialog key={target.id} winner={target} busy={invalidating} onConfirm={invalidate} onCancel={() => setTarget(null)} />}
      <ConfirmDialog
        open={calling !== null}
        title={calling === null ? '' : promoteQuestion(calling)}
        confirmLabel="Chamar suplente"
        onConfirm={() => {
          const position = calling
          setCalling(null)
          if (position !== null) void promote(position)
        }}
        onCancel={() => setCalling(null)}
      >
        <p>{PROMOTE_NOTE}</p>
      </ConfirmDialog>
    </>
  )
}
