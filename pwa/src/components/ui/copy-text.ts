/**
 * Puts text on the clipboard. The async Clipboard API exists only in secure contexts, and an
 * organiser at a venue may open the app over plain http on the local network, so a hidden textarea
 * with execCommand('copy') is the fallback. Rejects when neither works, so the caller can say so.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return
    }
  } catch {
    // Permission refused or not focused: try the old way below.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  let copied = false
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy')
  } finally {
    area.remove()
  }
  if (!copied) throw new Error('clipboard unavailable')
}
