import type { PublicState } from '@/protocol/public-state'
import { cn } from '@/lib/cn'
import { FINGERPRINT_LABEL, poolFingerprint } from '@/lib/pool-text'
import { listChance } from '@/protocol/federal-chances'
import { ruleName } from '@/protocol/federal-settings'
import { correctionText, federalHeadline } from '@/protocol/federal-time'

/**
 * 'Resultado pela Loteria Federal, concurso 5732 de 18/01/2023' for a raffle the extraction decides,
 * with the closed list's fingerprint while it waits for the result: the room sees the list was
 * closed before the numbers existed, the rule in words and each ticket's chance. A corrected result
 * says so, with its time and the prizes replaced.
 */
export function FederalNotice({ state, big = false }: { state: PublicState; big?: boolean }) {
  const f = state.raffle.federal
  if (!f) return null
  const round = state.round
  return (
    <div data-testid="federal-notice" className={cn(big ? 'mt-[1vh] text-[2.6vh] text-white/85' : 'mt-2 text-sm text-slate-700')}>
      <p className="font-medium">{federalHeadline(f)}</p>
      <p data-testid="federal-rule">Regra: {ruleName(f)}</p>
      {typeof round?.pool_size === 'number' && <p data-testid="federal-chance">{listChance({ kind: f.rule, digits: f.digits }, undefined, round.pool_size)}</p>}
      {round?.pool_digest && (
        <p>
          {`${FINGERPRINT_LABEL} `}
          <span className="font-mono font-bold tracking-wider">{poolFingerprint(round.pool_digest)}</span>
        </p>
      )}
      {(state.corrections ?? []).map((c) => (
        <p key={c.round_id} data-testid="federal-correction" className={cn('font-medium', big ? 'text-amber-200' : 'text-amber-800')}>
          {correctionText(c)}
        </p>
      ))}
    </div>
  )
}
