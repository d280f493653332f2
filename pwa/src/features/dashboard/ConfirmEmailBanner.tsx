import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/Button'
import { errorText } from '@/components/ui/error-text'
import { emailApi, type EmailStatus } from '@/lib/email-api'
import { useOnline } from '@/sync/online'

interface Props {
  /** What the session said (User.email_verified === false): shown at the first paint, so the line
   * is not pushed in above the raffles by the answer below (a layout shift). */
  initiallyUnproven?: boolean
  status?: () => Promise<EmailStatus>
  resend?: () => Promise<void>
}

/**
 * A quiet line while the account's address is not proven, with 'Reenviar'. Nothing waits for it:
 * it asks the server again only when online (an address proven in another tab hides it), and says
 * nothing when it cannot know.
 */
export function ConfirmEmailBanner({ initiallyUnproven = false, status = emailApi.status, resend = emailApi.resend }: Props) {
  const online = useOnline()
  const [unproven, setUnproven] = useState(initiallyUnproven)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!online) return
    let live = true
    status().then(
      // Only an explicit 'not proven' shows the line (an older server answers something else).
      (answer: EmailStatus | undefined) => live && setUnproven(answer?.verified === false),
      () => {},
    )
    return () => {
      live = false
    }
  }, [online, status])

  if (!unproven) return null
  async function onResend() {
    setBusy(true)
    try {
      await resend()
      toast.success('Link reenviado', { description: 'Veja sua caixa de entrada.' })
    } catch (error) {
      toast.error('Erro ao reenviar', { description: errorText(error) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div role="status" className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-2 text-sm text-slate-800">
      <span>Confirme seu e-mail: abra o link que enviamos para o endereço acima.</span>
      <Button variant="ghost" size="sm" onClick={onResend} loading={busy} disabled={!online}>
        Reenviar
      </Button>
    </div>
  )
}
