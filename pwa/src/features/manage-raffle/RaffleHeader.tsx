import { toast } from 'sonner'
import { LinkIcon } from '@/components/ui/action-icons'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { copyText } from '@/components/ui/copy-text'
import type { RaffleRow } from '@/db/schema'
import { publicLink } from '@/features/manage-raffle/share-link'
import { STATUS } from '@/features/manage-raffle/status'

export function RaffleHeader({ raffle }: { raffle: RaffleRow }) {
  const status = STATUS[raffle.status]

  async function onCopy() {
    const link = publicLink(window.location.origin, raffle.code)
    try {
      await copyText(link)
      toast.success('Link copiado!', { description: link })
    } catch {
      // Without a clipboard the organiser can still copy the link by hand from the toast.
      toast.error('Não foi possível copiar o link', { description: link })
    }
  }

  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold wrap-anywhere text-slate-900 sm:text-3xl">{raffle.title}</h1>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <p className="mt-2 text-sm text-slate-600">
            Código: <span className="font-mono text-base font-bold tracking-widest text-brand-800">{raffle.code}</span>
          </p>
          {raffle.description && <p className="mt-2 text-sm wrap-anywhere whitespace-pre-line text-slate-600">{raffle.description}</p>}
        </div>
        <Button variant="outline" onClick={onCopy} className="shrink-0">
          <LinkIcon className="size-4" />
          Copiar link público
        </Button>
      </div>
    </Card>
  )
}
