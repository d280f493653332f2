// The QR standard's quiet zone: four light modules around the code, or phones may not find it.
export const QR_QUIET_ZONE = 4

/** The SVG path of the dark modules, one square per module, in module units. */
export function qrPath(size: number, isDark: (row: number, col: number) => boolean): string {
  let d = ''
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) if (isDark(r, c)) d += `M${c + QR_QUIET_ZONE} ${r + QR_QUIET_ZONE}h1v1h-1z`
  }
  return d
}

export interface QrMatrix {
  size: number
  isDark: (row: number, col: number) => boolean
}

/** The modules of a QR code of `text` (error correction M); the encoder loads on first use. */
export async function loadQrMatrix(text: string): Promise<QrMatrix> {
  const { default: qrcode } = await import('qrcode-generator')
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  return { size: qr.getModuleCount(), isDark: (r, c) => qr.isDark(r, c) }
}
