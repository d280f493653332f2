// The column step of the import preview (docs/import.md, "Columns"): the reader's guess for each
// role, changeable from the file's columns; 'Nome' may be joined with a second column ('Sobrenome').
import { useId } from 'react'
import type { ImportColumns } from '@/protocol/import/columns'

interface ColumnStepProps {
  header: string[]
  columns: ImportColumns
  numbered: boolean
  disabled: boolean
  onChange: (columns: ImportColumns) => void
}

type Single = 'email' | 'ticket' | 'quantity' | 'phone'

const NONE = -1

/** 'A', 'B', … 'AA', as a spreadsheet names its columns. */
function letter(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

function columnLabel(header: string[], i: number): string {
  return `${letter(i)}: ${header[i] || `coluna ${letter(i)}`}`
}

export function ImportColumnStep({ header, columns, numbered, disabled, onChange }: ColumnStepProps) {
  const id = useId()
  const [name = NONE, surname = NONE] = columns.name
  const singles: [Single, string][] = [['email', 'E-mail'], ...(numbered ? ([['ticket', 'Bilhete']] as [Single, string][]) : []), ['quantity', 'Quantidade'], ['phone', 'Telefone']]
  const setName = (first: number, second: number) => onChange({ ...columns, name: [first, second].filter((i) => i !== NONE) })
  const options = (none: string) => (
    <>
      <option value={NONE}>{none}</option>
      {header.map((_, i) => (
        <option key={i} value={i}>
          {columnLabel(header, i)}
        </option>
      ))}
    </>
  )
  const field = (key: string, label: string, value: number, change: (i: number) => void, none: string) => (
    <div key={key} className="contents">
      <label htmlFor={`${id}-${key}`} className="text-slate-700">
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        value={value}
        disabled={disabled}
        onChange={(e) => change(Number(e.target.value))}
        className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 disabled:opacity-60"
      >
        {options(none)}
      </select>
    </div>
  )
  return (
    <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="import-columns">
      <legend className="px-1 font-medium text-slate-900">Colunas do arquivo</legend>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
        {field('name', 'Nome', name, (i) => setName(i, surname), '— escolha —')}
        {field('surname', 'Juntar com', surname, (i) => setName(name, i), '— nada —')}
        {singles.map(([key, label]) => field(key, label, columns[key], (i) => onChange({ ...columns, [key]: i }), '— nenhuma —'))}
      </div>
    </fieldset>
  )
}
