import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-styles'
import { Card } from '@/components/ui/Card'
import { qrPng } from '@/components/qr/qr-image'
import { QrCode } from '@/components/qr/QrCode'
import type { RaffleRow } from '@/db/schema'
import { publicLink, shareText, whatsAppLink } from '@/features/manage-raffle/share-link'

type ShareNavigator = Navigator & { share?: (data: ShareData) => Promise<void> }

/**
 * Reaching the room: the QR code of the public link (downloadable for posters), the big screen for
 * the venue's TV, and 'Compartilhar': the system's share sheet where the browser has the Web Share
 * API, else a WhatsApp link with the title and the link.
 */
export function SharePanel({ raffle }: { raffle: RaffleRow }) {
  const [link] = useState(() => publicLink(window.location.origin, raffle.code))
  const [canShare] = useState(() => typeof (navigator as ShareNavigator).share === 'function')
  const [saving, setSaving] = useState(false)

  async function onShare() {
    try {
      await (navigator as ShareNavigator).share!({ title: raffle.title, text: shareText(raffle.title, link), url: link })
    } catch {
      // Closed by the organiser, or refused: nothing to say.
    }
  }

  async function onDownload() {
    setSaving(true)
    try {
      const url = URL.createObjectURL(await qrPng(link))
      const a = document.createElement('a')
      a.href = url
      a.download = `sorteio-${raffle.code}-qr.png`
      a.click()
      setTimeout(() => URL.revokeObjectURL(url), 0)
    } catch {
      toast.error('Não foi possível baixar o QR code')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <QrCode text={link} className="size-40 shrink-0 rounded-xl border border-slate-200" />
      <div className="flex w-full min-w-0 flex-col gap-2">
        <h2 className="font-semibold text-slate-900">Divulgar</h2>
        <p className="text-sm break-all text-slate-600">{link}</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {canShare ? (
            <Button onClick={() => void onShare()}>Compartilhar</Button>
          ) : (
            <a className={buttonClasses()} href={whatsAppLink(raffle.title, link)} target="_blank" rel="noopener noreferrer">
              Compartilhar
            </a>
          )}
          <a className={buttonClasses('outline')} href={`/sorteio/${raffle.code}/telao`} target="_blank" rel="noopener">
            Abrir telão
          </a>
          <Button variant="outline" onClick={() => void onDownload()} loading={saving}>
            Baixar QR code
          </Button>
        </div>
      </div>
    </Card>
  )
}
