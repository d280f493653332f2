// The import's confirm dialog body: counts, tickets the raffle already holds (renumber or skip: the
// choice Importar waits for, so it comes first), the column step, the file, the first people, and
// what is left out (rows and columns, with why).
import { useId } from 'react'
import { ImportColumnStep } from '@/features/manage-raffle/import-export/ImportColumnStep'
import { countsText, FORMAT_TEXT, fileText, groupedText } from '@/features/manage-raffle/import-export/import-text'
import type { ImportPreview as Preview, Listed } from '@/features/manage-raffle/import-export/import-worker-types'
import type { ClashPolicy, ImportChoice } from '@/protocol/import/columns'

interface ImportPreviewProps {
  read: Preview & { fileName: string }
  simple: boolean
  planning: boolean
  onChoice: (choice: ImportChoice) => void
  onSheet: (sheet: number) => void
}

export function ImportPreview({ read, simple, planning, onChoice, onSheet }: ImportPreviewProps) {
  const rows = read.rows
  // A simple raffle speaks of tickets only when the file gives someone more than one entry.
  const withTickets = !simple || read.tickets !== read.people
  const { choice } = read
  return (
    <div className="space-y-3 text-sm" aria-busy={planning}>
      {read.sheets.length > 1 && <SheetChoice sheets={read.sheets} value={read.sheet} disabled={planning} onChange={onSheet} />}
      {read.error === null && (
        <p className="text-base font-semibold" data-testid="import-counts">
          {countsText(read.people, read.tickets, withTickets)}
        </p>
      )}
      {read.grouped > 0 && <p data-testid="import-grouped">{groupedText(read.people, read.tickets)}</p>}
      {(read.clashes.total > 0 || choice.clashes) && (
        <ClashChoice clashes={read.clashes} value={choice.clashes} disabled={planning} onChange={(clashes) => onChoice({ ...choice, clashes })} />
      )}
      {read.error !== null && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700">
          {read.error}
        </p>
      )}
      {read.columns && (
        <ImportColumnStep header={read.header} columns={read.columns} numbered={!simple} disabled={planning} onChange={(columns) => onChoice({ ...choice, columns })} />
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Arquivo</dt>
        <dd className="break-all">{read.fileName}</dd>
        <dt className="text-slate-600">Tipo</dt>
        <dd>{fileText(read.kind, read.delimiter, read.encoding)}</dd>
        <dt className="text-slate-600">Formato</dt>
        <dd>{FORMAT_TEXT[read.format]}</dd>
      </dl>
      {rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">Primeiras linhas</caption>
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-2 font-medium">Nome</th>
                <th className="py-1 pr-2 font-medium">E-mail</th>
                {withTickets && <th className="py-1 font-medium">Bilhetes</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map(([name, email, count, first, last], i) => (
                <tr key={i} className="border-t border-slate-200">
                  {/* The name gets the room: rows told apart only at their end ('Pessoa 001') must show it. */}
                  <td className="max-w-40 truncate py-1 pr-2 sm:max-w-56">{name}</td>
                  <td className="max-w-24 truncate py-1 pr-2 sm:max-w-40">{email ?? '—'}</td>
                  {withTickets && <td className="py-1 whitespace-nowrap">{first === null ? count : first === last ? first : `${first}–${last}`}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {read.people > rows.length && <p className="text-slate-600">e mais {read.people - rows.length}…</p>}
      <LineList title="Avisos" list={read.warnings} testId="import-warnings" />
      <LineList title="Linhas ignoradas" list={read.skipped} testId="import-skipped" />
      {read.leftOut.length > 0 && (
        <p data-testid="import-left-out">
          <span className="text-slate-600">Colunas não importadas: </span>
          {read.leftOut.join('; ')}
        </p>
      )}
    </div>
  )
}

/** A workbook with several visible worksheets: the first is read, and the person may pick another. */
function SheetChoice({ sheets, value, disabled, onChange }: { sheets: string[]; value: number; disabled: boolean; onChange: (sheet: number) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-3" data-testid="import-sheet">
      <label htmlFor={id} className="text-slate-700">
        Planilha
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 disabled:opacity-60"
      >
        {sheets.map((name, i) => (
          <option key={i} value={i}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}

function ClashChoice({ clashes, value, disabled, onChange }: { clashes: Listed<string>; value: ClashPolicy | undefined; disabled: boolean; onChange: (c: ClashPolicy) => void }) {
  const options: [ClashPolicy, string][] = [
    ['renumber', 'Renumerar os bilhetes do arquivo'],
    ['skip', 'Ignorar as linhas repetidas'],
  ]
  return (
    <fieldset className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="import-clashes">
      <legend className="px-1 font-medium text-amber-900">Bilhetes que já existem neste sorteio</legend>
      {clashes.total > 0 && (
        <p className="text-amber-900">
          {clashes.total === 1 ? 'O bilhete' : `${clashes.total} bilhetes do arquivo:`} {clashes.first.join(', ')}
          {clashes.total > clashes.first.length ? '…' : ''} {clashes.total === 1 ? 'já existe.' : 'já existem.'} Escolha o que fazer ou cancele.
        </p>
      )}
      {options.map(([policy, label]) => (
        <label key={policy} className="flex items-center gap-2 text-slate-900">
          <input type="radio" name="import-clashes" checked={value === policy} disabled={disabled} onChange={() => onChange(policy)} />
          {label}
        </label>
      ))}
    </fieldset>
  )
}

function LineList({ title, list, testId }: { title: string; list: Listed<string>; testId: string }) {
  if (list.total === 0) return null
  return (
    <div data-testid={testId}>
      <p className="text-slate-600">
        {title} ({list.total}):
      </p>
      <ul className="list-disc pl-5">
        {list.first.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {list.total > list.first.length && <p className="text-slate-600">e mais {list.total - list.first.length}…</p>}
    </div>
  )
}
