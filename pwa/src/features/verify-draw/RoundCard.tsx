import { useId, type ReactNode } from 'react'
import { CheckIcon } from '@/components/ui/action-icons'
import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { XIcon } from '@/components/ui/icons'
import { formatDateTimeSeconds } from '@/lib/dates'
import { clockOff, clockWarning, DEVICE_CLOCK, deviceTimesOf } from '@/protocol/device-time'
import type { DrawTicket } from '@/protocol/draw'
import type { AuditRound } from '@/features/verify-draw/audit-record'
import { FEDERAL_ROUND_TEXT, FederalRoundDetails } from '@/features/verify-draw/FederalRoundDetails'
import { describeTicket, type RoundCheck } from '@/features/verify-draw/verify-record'
import { CORRECTION_ROUND_TEXT, OFFLINE_TEXT, ONLINE_TEXT, placesText, receivedText, replacedText, roundTitle } from '@/features/verify-draw/verify-text'

/** A tick or a cross beside a value recomputed here; nothing while it is still being computed. */
function Mark({ ok }: { ok: boolean | undefined }) {
  if (ok === undefined) return null
  return ok ? (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700">
      <CheckIcon className="size-3.5" />
      confere
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-700">
      <XIcon className="size-3.5" />
      não confere
    </span>
  )
}

function Row({ label, ok, children }: { label: string; ok?: boolean | undefined; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="flex flex-wrap items-center justify-between gap-x-2 text-xs font-medium text-slate-500">
        {label}
        <Mark ok={ok} />
      </dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  )
}

const Hex = ({ value }: { value: string | null | undefined }) => <code className="block font-mono text-xs break-all text-slate-700">{value || '(ausente)'}</code>

interface RoundCardProps {
  round: AuditRound
  index: number
  /** Every ticket of the record's pool, by id, to name the winners. */
  tickets: ReadonlyMap<string, DrawTicket>
  /** Undefined while this round is still being recomputed. */
  check: RoundCheck | undefined
}

/** One round of the draw: what the record says, what this browser recomputed, and the verdict. */
export function RoundCard({ round, index, tickets, check }: RoundCardProps) {
  const titleId = useId()
  const same = (computed: string | null | undefined, recorded: string | null | undefined) => (check ? computed !== null && computed === (recorded ?? '').toLowerCase() : undefined)
  const winnersOk = check ? check.winners !== null && check.winners.join() === round.winners.join() : undefined
  // An offline round is dated by its device's clock when it sent its times (the server's are its receipt).
  const offline = !round.online && !round.federal
  const device = offline ? deviceTimesOf(round) : null

  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="mr-auto font-semibold text-slate-900">
          {roundTitle(round, index)} <span className="font-normal text-slate-600">({placesText(round.positions)})</span>
        </h3>
        {round.federal ? <Badge tone="info">Loteria Federal</Badge> : round.online ? <Badge tone="info">Online</Badge> : <Badge tone="warning">OFFLINE</Badge>}
        {round.replaced_by || round.replaced_at ? <Badge tone="warning">Substituído</Badge> : round.replaces ? <Badge tone="info">Correção</Badge> : null}
        {check ? <Badge tone={check.ok ? 'success' : 'danger'}>{check.ok ? 'Confere' : 'Não confere'}</Badge> : <Badge>Conferindo...</Badge>}
      </div>
      {(round.replaced_by || round.replaced_at) && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="replaced-round">
          {replacedText(round.replaced_at ?? 0)}
        </p>
      )}
      {round.replaces && <p className="text-sm text-slate-600">{CORRECTION_ROUND_TEXT}</p>}
      {round.federal ? (
        <>
          <p className="text-sm text-slate-600">{FEDERAL_ROUND_TEXT}</p>
          <FederalRoundDetails federal={round.federal} check={check} />
        </>
      ) : (
        <p className={round.online ? 'text-sm text-slate-600' : 'rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900'}>{round.online ? ONLINE_TEXT : OFFLINE_TEXT}</p>
      )}

      {/* The two times side by side are a list of their own: a <dl> holds only <div>-wrapped pairs. */}
      <div>
        <dl className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {device ? (
            <>
              <Row label={`Iniciado em (${DEVICE_CLOCK})`}>{formatDateTimeSeconds(device.startedAt)}</Row>
              <Row label={`Sorteado em (${DEVICE_CLOCK})`}>{formatDateTimeSeconds(device.completedAt)}</Row>
            </>
          ) : (
            <>
              <Row label={offline ? 'Recebido pelo servidor (início)' : 'Iniciado em'}>{formatDateTimeSeconds(round.started_at)}</Row>
              <Row label={offline ? 'Recebido pelo servidor (resultado)' : 'Concluído em'}>{formatDateTimeSeconds(round.completed_at)}</Row>
            </>
          )}
        </dl>
        {offline && <p className="mt-1 text-sm text-slate-600">{receivedText(round.completed_at, device !== null)}</p>}
        {device && clockOff(device.clockOffset) && <p className="mt-1 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{clockWarning(device.clockOffset)}</p>}
        <dl className="divide-y divide-slate-100 border-t border-slate-100">
          {!round.federal && (
            <>
              <Row label="Compromisso do dispositivo (SHA-256 da semente)" ok={same(check?.clientCommitment, round.client_commitment)}>
                <Hex value={round.client_commitment} />
              </Row>
              <Row label="Semente do dispositivo">
                <Hex value={round.client_seed} />
              </Row>
              {round.online && (
                <Row label="Compromisso do servidor (SHA-256 da semente)" ok={same(check?.serverCommitment, round.server_commitment)}>
                  <Hex value={round.server_commitment} />
                </Row>
              )}
              {(round.online || round.server_seed) && (
                <Row label={round.online ? 'Semente do servidor' : 'Semente do servidor (não usada no sorteio offline)'}>
                  <Hex value={round.server_seed} />
                </Row>
              )}
              {round.online && (
                <Row label="Semente usada: SHA-256(semente do dispositivo ‖ semente do servidor), calculada aqui">
                  {check ? <Hex value={check.seed ?? '(não calculada)'} /> : 'calculando...'}
                </Row>
              )}
            </>
          )}
          <Row label="Bilhetes no conjunto" ok={check ? check.poolSize === round.pool_size : undefined}>
            {round.pool_size}
            {check && check.poolSize !== round.pool_size && ` (o conjunto derivado aqui tem ${check.poolSize})`}
          </Row>
          <Row label="Impressão digital do conjunto (SHA-256)" ok={same(check?.poolDigest, round.pool_digest)}>
            <Hex value={round.pool_digest} />
          </Row>
          <Row label="Vencedores desta rodada" ok={winnersOk}>
            <ol className="space-y-0.5">
              {round.winners.map((id, i) => (
                <li key={i}>{`${round.positions[i] ?? i + 1}º lugar: ${describeTicket(id, tickets)}`}</li>
              ))}
            </ol>
          </Row>
        </dl>
      </div>

      {check && !check.ok && (
        <div className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">Não confere:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {check.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {check?.ok && (
        <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <strong>Confere:</strong> os vencedores recalculados neste navegador são os mesmos do registro.
        </p>
      )}
    </Card>
  )
}
