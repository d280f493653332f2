/** Saves text as a file through a temporary link (every browser the PWA supports downloads this way). */
export function saveFile(name: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** 'sorteio-meus-dados-2026-11-23.json', the same name the server's answer suggests. */
export function exportFileName(now: Date): string {
  return `sorteio-meus-dados-${now.toISOString().slice(0, 10)}.json`
}
