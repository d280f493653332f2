import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { toast } from 'sonner'
import { useOnline } from '@/sync/online'
import { useSync } from '@/sync/sync-context'
import { Button } from '@/components/ui/Button'
import { ConfirmDialog } from '@/components/ui/ConfirmDialog'
import { errorText } from '@/components/ui/error-text'
import { pendingCountOfRaffle } from '@/db/outbox'
import { db, type RaffleRow } from '@/db/schema'
import { ImportJob, importTarget } from '@/features/manage-raffle/import-export/import-run'
import { importedMessage, type ImportStage, STAGE_TEXT } from '@/features/manage-raffle/import-export/import-text'
import { ImportPreview } from '@/features/manage-raffle/import-export/ImportPreview'
import { ImportProgress } from '@/features/manage-raffle/import-export/ImportProgress'
import type { ImportChoice } from '@/protocol/import/columns'
import { ImportError } from '@/protocol/import/messages'
import type { ImportPreview as Preview } from '@/features/manage-raffle/import-export/import-worker-types'

interface ImportPanelProps {
  userId: string
  raffle: RaffleRow
}

const PREVIEW_ROWS = 5

/** 'Importar arquivo': read in a Worker, preview, confirm, save in one transaction, watch it sync. */
export function ImportPanel({ userId, raffle }: ImportPanelProps) {
  const input = useRef<HTMLInputElement>(null)
  const [stage, setStage] = useState<ImportStage | null>(null)
  const [read, setRead] = useState<(Preview & { fileName: string }) | null>(null)
  // The Worker holds the plan between the preview and the confirm.
  const job = useRef<ImportJob | null>(null)
  useEffect(() => () => job.current?.end(), [])
  const [planning, setPlanning] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<number | null>(null)
  const online = useOnline()
  const sync = useSync()
  // Watched only after an import was saved, and counted without reading the ops' payloads.
  const waiting = useLiveQuery(() => (sent === null ? 0 : pendingCountOfRaffle(db, userId, raffle.id)), [sent, userId, raffle.id])
  const locked = raffle.status !== 'pending'

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setError(null)
    setSent(null)
    setStage('reading')
    endJob()
    const started = new ImportJob()
    job.current = started
    try {
      const preview = await started.read(file, raffle.id, await importTarget(raffle), PREVIEW_ROWS)
      setRead({ ...preview, fileName: file.name })
    } catch (err) {
      endJob()
      fail(err)
    } finally {
      setStage(null)
    }
  }

  function endJob() {
    job.current?.end()
    job.current = null
  }

  function onCancel() {
    endJob()
    setRead(null)
  }

  function fail(err: unknown) {
    // An ImportError carries the spec's words; anything else (IndexedDB, a refused rule) has its own.
    const message = err instanceof ImportError ? err.message : errorText(err)
    setError(message)
    toast.error(message)
  }

  /** A column or clash choice changed: the Worker plans the file again. */
  async function onChoice(choice: ImportChoice) {
    if (!read || !job.current) return
    // Shown at once (the radio checked, the select moved); the counts follow the Worker's answer.
    setRead({ ...read, choice, columns: choice.columns ?? read.columns })
    await replan(job.current.plan.bind(job.current, choice))
  }

  /** Another worksheet chosen: the Worker reads the file's sheet and plans it from the start. */
  async function onSheet(sheet: number) {
    if (!read || !job.current) return
    setRead({ ...read, sheet })
    await replan(job.current.sheet.bind(job.current, sheet))
  }

  async function replan(ask: () => Promise<Preview>) {
    if (!read) return
    setPlanning(true)
    try {
      const preview = await ask()
      setRead({ ...preview, fileName: read.fileName })
    } catch (err) {
      endJob()
      setRead(null)
      fail(err)
    } finally {
      setPlanning(false)
    }
  }

  async function onConfirm() {
    if (!read || !job.current) return
    setStage('saving')
    try {
      const people = await job.current.save(userId, raffle.id)
      toast.success(importedMessage(people))
      // Sent now rather than after the engine's pause for a burst of writes: the import is one write.
      if (online) void sync?.engine?.syncNow()
      setSent(Math.ceil(read.tickets / 5000))
      setRead(null)
    } catch (err) {
      setRead(null)
      fail(err)
    } finally {
      endJob()
      setStage(null)
    }
  }

  const syncing = sent !== null && (waiting ?? 0) > 0
  // Nothing to import while the columns chosen fail, or before a choice for tickets the raffle holds.
  const blocked = read !== null && (read.error !== null || (read.clashes.total > 0 && !read.choice.clashes))
  return (
    <section aria-labelledby="import-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="import-title" className="font-semibold text-slate-900">
            Importar de arquivo
          </h2>
          <p className="text-sm text-slate-600">CSV ou Excel (.xlsx, .xls): uma coluna de nomes, nome e quantidade, ou um cabeçalho com nome, email e bilhete.</p>
        </div>
        <input ref={input} type="file" accept=".csv,.txt,.xlsx,.xls" className="sr-only" aria-label="Arquivo para importar" onChange={onFile} tabIndex={-1} />
        <Button variant="outline" disabled={locked || stage !== null} loading={stage === 'reading'} onClick={() => input.current?.click()}>
          Importar arquivo
        </Button>
      </div>
      {stage && <ImportProgress label={STAGE_TEXT[stage]} />}
      {syncing && (
        <ImportProgress
          label={online ? STAGE_TEXT.syncing : 'Salvo neste aparelho: será enviado ao servidor quando houver conexão.'}
          done={Math.max(0, sent - (waiting ?? 0))}
          total={sent}
        />
      )}
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={read !== null}
        title="Importar participantes"
        confirmLabel="Importar"
        busy={stage === 'saving'}
        confirmDisabled={blocked || planning}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        {read && <ImportPreview read={read} simple={raffle.type === 'simple'} planning={planning} onChoice={(c) => void onChoice(c)} onSheet={(s) => void onSheet(s)} />}
      </ConfirmDialog>
    </section>
  )
}
