import { toast } from 'sonner'

/**
 * Clears the passing notes ('Participante adicionado!' and the like) when a winner is about to be
 * revealed, so none covers the result. Toasts that stay until the user acts on them (the new-version
 * prompt, a result mismatch: duration Infinity) are kept.
 */
export function clearToasts(): void {
  for (const t of toast.getToasts()) {
    if ('dismiss' in t && t.dismiss) continue
    if ('duration' in t && t.duration === Infinity) continue
    toast.dismiss(t.id)
  }
}
