import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import type { RaffleRow } from '@/db/schema'
import type { ExportFormat, ExportWhat } from '@/features/manage-raffle/import-export/export-file'

const CHOICES: { what: ExportWhat; format: ExportFormat; label: string }[] = [
  { what: 'participants', format: 'xlsx', label: 'Participantes (.xlsx)' },
  { what: 'participants', format: 'csv', label: 'Participantes (.csv)' },
  { what: 'winners', format: 'xlsx', label: 'Vencedores (.xlsx)' },
  { what: 'winners', format: 'csv', label: 'Vencedores (.csv)' },
]

/** 'Exportar': files made on this device, so it works offline; the code loads on first use. */
export function ExportPanel({ raffle }: { raffle: RaffleRow }) {
  const [busy, setBusy] = useState<string | null>(null)
  const [maskPhones, setMaskPhones] = useState(false)

  async function run(what: ExportWhat, format: ExportFormat, label: string) {
    setBusy(label)
    try {
      const { downloadExport } = await import('@/features/manage-raffle/import-export/export-file')
      await downloadExport(raffle, what, format, { maskPhones })
    } catch {
      toast.error('Não foi possível exportar', { description: 'Tente de novo.' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="export-title" className="space-y-3">
      <div>
        <h2 id="export-title" className="font-semibold text-slate-900">
          Exportar
        </h2>
        <p className="text-sm text-slate-600">Planilhas feitas neste aparelho, mesmo sem internet. O CSV abre no Excel em português.</p>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-700">
        <input type="checkbox" className="size-5 accent-brand-700" checked={maskPhones} onChange={(event) => setMaskPhones(event.target.checked)} />
        Ocultar parte dos telefones (ex.: +55 11 •••••-5678)
      </label>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map(({ what, format, label }) => (
          <Button key={label} variant="outline" size="sm" loading={busy === label} disabled={busy !== null} onClick={() => void run(what, format, label)}>
            {label}
          </Button>
        ))}
      </div>
    </section>
  )
}
