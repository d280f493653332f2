import { QR_QUIET_ZONE } from '@/components/qr/qr-path'

/**
 * The QR code of `text` as a PNG, `scale` pixels a module with the standard quiet zone, for posters
 * (large enough to print: 33 modules at 24 px is about 1,000 px a side).
 */
export async function qrPng(text: string, scale = 24): Promise<Blob> {
  const { default: qrcode } = await import('qrcode-generator')
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  const size = qr.getModuleCount()
  const side = (size + 2 * QR_QUIET_ZONE) * scale
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('Não foi possível gerar a imagem do QR code.')
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, side, side)
  ctx.fillStyle = '#000'
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) if (qr.isDark(r, c)) ctx.fillRect((c + QR_QUIET_ZONE) * scale, (r + QR_QUIET_ZONE) * scale, scale, scale)
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Não foi possível gerar a imagem do QR code.'))), 'image/png'))
}
