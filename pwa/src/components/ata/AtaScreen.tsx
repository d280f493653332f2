import { useEffect, useRef, useState } from 'react'
import { AtaDocument } from '@/components/ata/AtaDocument'
import { BackLink } from '@/components/ui/BackLink'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { PageContainer } from '@/components/ui/PageContainer'
import { Spinner } from '@/components/ui/Spinner'
import type { Ata } from '@/protocol/ata'
import type { ataPdf } from '@/components/ata/ata-pdf'

type PdfModule = { ataPdf: typeof ataPdf }

/** A failed PDF: the library could not load (offline before it was ever fetched) or jsPDF threw. */
export const PDF_FAILED_TEXT = 'Não foi possível gerar o PDF neste aparelho. Tente de novo, ou use Imprimir e escolha "Salvar como PDF".'

/** Saves a blob through a temporary link: the browser's own download. */
function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Loads the PDF code as the page opens, so the button works once the page is up even if the
 * connection drops (a venue's Wi-Fi) before the service worker has cached it.
 */
function usePdfModule(wanted: boolean) {
  const loading = useRef<Promise<PdfModule> | null>(null)
  useEffect(() => {
    if (wanted && !loading.current) {
      loading.current = import('@/components/ata/ata-pdf')
      loading.current.catch(() => (loading.current = null))
    }
  }, [wanted])
  return () => (loading.current ??= import('@/components/ata/ata-pdf'))
}

interface AtaScreenProps {
  /** Undefined while the data is read. */
  ata: Ata | undefined
  back: { to: string; label: string }
}

/** The ata's page: its document, and 'Imprimir' and 'Baixar PDF', which paper leaves out. */
export function AtaScreen({ ata, back }: AtaScreenProps) {
  const drawn = ata?.status === 'drawn' ? ata : null
  const loadPdf = usePdfModule(drawn !== null)
  const [making, setMaking] = useState(false)
  const [failed, setFailed] = useState(false)

  async function downloadPdf() {
    if (!drawn) return
    setMaking(true)
    setFailed(false)
    try {
      const { ataPdf } = await loadPdf()
      downloadBlob(`ata-sorteio-${drawn.code}.pdf`, await ataPdf(drawn))
    } catch {
      setFailed(true)
    } finally {
      setMaking(false)
    }
  }

  return (
    <PageContainer className="print:max-w-none print:p-0">
      <BackLink to={back.to}>{back.label}</BackLink>
      {ata === undefined && (
        <Card role="status" className="mt-4 flex items-center gap-3 text-slate-600">
          <Spinner className="size-5 text-brand-700" />
          Carregando a ata...
        </Card>
      )}
      {ata !== undefined && ata.status !== 'drawn' && (
        <Card role="status" className="mt-4">
          <h1 tabIndex={-1} className="text-xl font-bold text-slate-900">
            Ata do sorteio
          </h1>
          <p className="mt-2 text-slate-700">{ata.message}</p>
        </Card>
      )}
      {drawn && (
        <div className="mt-4 space-y-4">
          <div data-print="hide" className="flex flex-wrap gap-2">
            <Button onClick={() => window.print()}>Imprimir</Button>
            <Button variant="outline" loading={making} onClick={() => void downloadPdf()}>
              Baixar PDF
            </Button>
          </div>
          {failed && (
            <p role="alert" data-print="hide" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
              {PDF_FAILED_TEXT}
            </p>
          )}
          <AtaDocument ata={drawn} />
        </div>
      )}
    </PageContainer>
  )
}
