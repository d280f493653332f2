/** Saves text as a file through a temporary link: the browser's own download, no server round trip. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
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
