// Twin of server/internal/public Mask: the public projection masks e-mails on the server; the
// organiser's device holds them whole and masks its copy the same way before printing them (the ata).
// Cases shared in sync/testdata/text/mask-email.json.

/** "joao.silva@gmail.com" → "jo***@g***.com"; anything without "@" and a dotted domain → "***". Idempotent. */
export function maskEmail(email: string): string {
  const trimmed = email.trim()
  const at = trimmed.indexOf('@')
  if (at < 0) return '***'
  const local = Array.from(trimmed.slice(0, at))
  const domain = trimmed.slice(at + 1)
  const dot = domain.lastIndexOf('.')
  if (local.length === 0 || dot <= 0 || dot === domain.length - 1) return '***'
  const keep = local.length <= 2 ? 1 : 2
  return `${local.slice(0, keep).join('')}***@${Array.from(domain)[0]}***${domain.slice(dot)}`
}
