import type { AtaFederal } from '@/protocol/ata-federal'

/** The ata's statement of a Loteria Federal draw: method, concurso, extraction, rule, numbers. */
export function AtaFederalSection({ federal, className }: { federal: AtaFederal; className: string }) {
  return (
    <section aria-label="Loteria Federal" className={className}>
      <h2 className="mb-3 text-lg font-semibold">Método de sorteio: {federal.method}</h2>
      <dl className="space-y-1.5 text-sm">
        <div>
          <dt className="inline font-medium">Concurso: </dt>
          <dd className="inline">{federal.concurso}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Extração: </dt>
          <dd className="inline">{federal.extraction}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Regra: </dt>
          <dd className="inline">{federal.rule}</dd>
        </div>
        {federal.chance && <p data-testid="ata-chance">{federal.chance}</p>}
      </dl>
      <ol className="mt-2 font-mono text-sm">
        {federal.prizes.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ol>
      {federal.lines.length > 0 && (
        <ol className="mt-2 space-y-0.5 text-sm">
          {federal.lines.map((line, i) => (
            <li key={i}>{`${i + 1}º lugar: ${line}`}</li>
          ))}
        </ol>
      )}
      {federal.replaced.map((line) => (
        <p key={line} className="mt-2 text-sm font-medium">
          {line}
        </p>
      ))}
      <p className="mt-2 text-sm">{federal.check}</p>
    </section>
  )
}
