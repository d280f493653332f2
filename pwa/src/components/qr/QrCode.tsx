import { useEffect, useState } from 'react'
import { cn } from '@/lib/cn'
import { loadQrMatrix, QR_QUIET_ZONE, qrPath } from '@/components/qr/qr-path'

type Matrix = { text: string; size: number; path: string }

/**
 * A QR code of `text`, drawn as SVG. The encoder (qrcode-generator, no dependencies) loads with
 * the first code shown, so no other screen carries it.
 */
export function QrCode({ text, className, label }: { text: string; className?: string; label?: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null)
  useEffect(() => {
    let live = true
    void loadQrMatrix(text).then(({ size, isDark }) => {
      if (live) setMatrix({ text, size, path: qrPath(size, isDark) })
    })
    return () => {
      live = false
    }
  }, [text])

  const ready = matrix?.text === text ? matrix : null
  const side = ready ? ready.size + 2 * QR_QUIET_ZONE : 1
  return (
    <svg
      role="img"
      aria-label={label ?? `QR code do link público: ${text}`}
      data-qr-text={text}
      data-qr-ready={ready ? 'true' : undefined}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={cn('bg-white', className)}
    >
      <rect width={side} height={side} fill="#fff" />
      {ready && <path d={ready.path} fill="#000" />}
    </svg>
  )
}
