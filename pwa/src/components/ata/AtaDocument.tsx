import type { ReactNode } from 'react'
import { AtaFederalSection } from '@/components/ata/AtaFederalSection'
import { QrCode } from '@/components/qr/QrCode'
import type { Ata, AtaHolder, AtaPosition, AtaRound, AtaTime } from '@/protocol/ata'
import { DEVICE_CLOCK } from '@/protocol/device-time'
import { ataVerifyText } from '@/protocol/method-text'

type DrawnAta = Extract<Ata, { status: 'drawn' }>

// On screen a card per section; on paper plain sections that do not split across pages. The result
// (winners, alternates, the QR code and the signatures under them) starts a page, and so does the
// technical record: a page per section would make a one-winner ata 5 pages, mostly blank.
const sectionClass = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 print:break-inside-avoid print:rounded-none print:p-0 print:shadow-none print:ring-0'

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[13rem_1fr] sm:gap-3 print:grid-cols-[13rem_1fr] print:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className={mono ? 'font-mono text-xs break-all text-slate-900' : 'text-sm wrap-anywhere text-slate-900'}>{children}</dd>
    </div>
  )
}

function Time({ time }: { time: AtaTime }) {
  return (
    <>
      {time.brasilia}
      <br />
      <span className="text-slate-600">{time.utc}</span>
    </>
  )
}

function Holder({ holder }: { holder: AtaHolder }) {
  return (
    <li className={holder.valid ? '' : 'text-slate-600'}>
      <p className="font-semibold wrap-anywhere text-slate-900">
        {holder.name}
        {holder.ticketNumber !== null && <span className="font-normal text-slate-700"> · Bilhete {holder.ticketNumber}</span>}
        {holder.email !== null && <span className="font-normal text-slate-700"> · {holder.email}</span>}
      </p>
      <p className="text-sm">{holder.origin}</p>
      {!holder.valid && (
        <p className="text-sm">
          Invalidado{holder.invalidated ? ` em ${holder.invalidated.brasilia} (${holder.invalidated.utc})` : ''}. {holder.then}
        </p>
      )}
    </li>
  )
}

function Position({ position }: { position: AtaPosition }) {
  return (
    <li className="border-t border-slate-200 pt-3 first:border-0 first:pt-0 print:break-inside-avoid">
      <h3 className="font-bold text-brand-800 print:text-black">
        {position.label}
        {position.prize !== null && <span className="font-semibold text-slate-800"> · {position.prize}</span>}
      </h3>
      {position.holders.length === 0 ? (
        <p className="text-sm text-slate-600">Sem vencedor sorteado.</p>
      ) : (
        <ol className="mt-1 space-y-2">
          {position.holders.map((h, i) => (
            <Holder key={i} holder={h} />
          ))}
        </ol>
      )}
    </li>
  )
}

function Round({ round, algorithm }: { round: AtaRound; algorithm: string }) {
  return (
    <div className="border-t border-slate-200 pt-3 first:border-0 first:pt-0 print:break-inside-avoid">
      <h3 className="font-semibold text-slate-900">
        Rodada {round.number}: {round.title}
      </h3>
      <dl className="mt-2 space-y-1.5">
        <Row label={round.onDevice ? `Início (${DEVICE_CLOCK})` : 'Início'}>
          <Time time={round.started} />
        </Row>
        <Row label={round.onDevice ? `Resultado (${DEVICE_CLOCK})` : 'Resultado'}>
          <Time time={round.completed} />
        </Row>
        {round.received !== null && (
          <Row label="Recebido pelo servidor">
            <Time time={round.received} />
          </Row>
        )}
        {round.clockNote !== null && <Row label="Atenção">{round.clockNote}</Row>}
        <Row label="Modo">{round.mode}</Row>
        <Row label="Algoritmo">{algorithm}</Row>
        <Row label="Bilhetes na lista">{round.poolSize}</Row>
        <Row label="Impressão digital da lista" mono>
          {round.poolDigest}
        </Row>
        <Row label="Compromisso do organizador" mono>
          {round.clientCommitment}
        </Row>
        <Row label="Semente do organizador" mono>
          {round.clientSeed}
        </Row>
        <Row label="Compromisso do servidor" mono>
          {round.serverCommitment}
        </Row>
        <Row label="Semente do servidor" mono>
          {round.serverSeed}
        </Row>
      </dl>
    </div>
  )
}

/** The 'Ata do sorteio' as a page: the same content as its PDF, laid out for the screen and for A4. */
export function AtaDocument({ ata }: { ata: DrawnAta }) {
  return (
    <article aria-labelledby="ata-title" className="space-y-5 text-slate-900 print:space-y-6">
      <header className="print:break-inside-avoid">
        <h1 id="ata-title" tabIndex={-1} className="text-2xl font-bold sm:text-3xl">
          Ata do sorteio
        </h1>
        <p className="mt-1 text-lg font-semibold wrap-anywhere">{ata.title}</p>
        <p className="font-mono font-semibold tracking-widest text-brand-800 print:text-black">{ata.code}</p>
      </header>

      <section aria-label="Dados do sorteio" className={sectionClass}>
        <h2 className="mb-3 text-lg font-semibold">Dados do sorteio</h2>
        <dl className="space-y-1.5">
          <Row label="Título">{ata.title}</Row>
          <Row label="Código">{ata.code}</Row>
          <Row label="Tipo">{ata.type}</Row>
          <Row label="Descrição">{ata.description || 'Sem descrição'}</Row>
          {ata.organiserEmail !== null && <Row label="Conta do organizador">{ata.organiserEmail}</Row>}
          <Row label="Participantes">{ata.people}</Row>
          <Row label="Bilhetes">{ata.tickets}</Row>
          <Row label="Realizado em">
            <Time time={ata.drawnAt} />
          </Row>
          {ata.offlineNote !== null && <Row label="Sem conexão">{ata.offlineNote}</Row>}
        </dl>
      </section>

      {ata.federal && <AtaFederalSection federal={ata.federal} className={sectionClass} />}

      <section aria-label="Vencedores da ata" className={`${sectionClass} print:break-before-page`}>
        <h2 className="mb-3 text-lg font-semibold">Vencedores</h2>
        <ol className="space-y-3">
          {ata.positions.map((p) => (
            <Position key={p.position} position={p} />
          ))}
        </ol>
      </section>

      {ata.alternates !== null && (
        <section aria-label="Suplentes" className={sectionClass}>
          <h2 className="mb-3 text-lg font-semibold">Suplentes</h2>
          {ata.alternates.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhum suplente sorteado.</p>
          ) : (
            <ol className="space-y-1.5 text-sm">
              {ata.alternates.map((a) => (
                <li key={a.rank}>
                  <span className="font-semibold">{a.label}:</span> {a.name}
                  {a.ticketNumber !== null && ` · Bilhete ${a.ticketNumber}`}
                  {a.email !== null && ` · ${a.email}`}
                  {a.usedFor !== null && ` · ${a.usedFor}`}
                </li>
              ))}
            </ol>
          )}
        </section>
      )}

      <section aria-label="Verificação" className={`${sectionClass} flex flex-col items-center gap-4 sm:flex-row print:flex-row`}>
        <QrCode text={ata.verifyUrl} label={`QR code da página de verificação: ${ata.verifyUrl}`} className="size-36 shrink-0" />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Verificação</h2>
          <p className="mt-1 text-sm text-slate-700">{ataVerifyText(ata.federal != null)}</p>
          <p className="mt-1 font-mono text-sm break-all text-brand-800 print:text-black">{ata.verifyUrl}</p>
        </div>
      </section>

      <section aria-label="Assinaturas" className="grid gap-10 pt-8 sm:grid-cols-2 print:grid-cols-2 print:break-inside-avoid">
        {ata.signatures.map((role) => (
          <div key={role} className="border-t border-slate-800 pt-1 text-center text-sm">
            {role}
          </div>
        ))}
      </section>

      <section aria-label="Registro técnico" className={`${sectionClass} print:break-before-page`}>
        <h2 className="mb-1 text-lg font-semibold">Registro técnico das rodadas</h2>
        <p className="mb-3 text-sm text-slate-600">A impressão digital identifica a lista de bilhetes; cada semente foi publicada só depois do seu compromisso.</p>
        <div className="space-y-4">
          {ata.rounds.map((r) => (
            <Round key={r.number} round={r} algorithm={ata.algorithm} />
          ))}
        </div>
      </section>
    </article>
  )
}
