import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Button } from '@/components/ui/Button'

interface ConfirmDialogProps {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** Paints the confirm button red, for actions that cannot be undone. */
  destructive?: boolean
  /** While the action runs: the confirm button spins and nothing closes the dialog. */
  busy?: boolean
  /** The confirm button stays off until a choice in the body is made. */
  confirmDisabled?: boolean
  onConfirm: () => void
  onCancel: () => void
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A modal confirmation. Hand-made rather than <dialog>.showModal(), which jsdom (tests) lacks:
 * role=dialog + aria-modal, focus moves in (to Cancel, the safe choice) and is trapped there, Esc
 * and the backdrop cancel, and focus returns to whatever opened it.
 *
 * Closed, it is nothing at all: each row of a page of 100 participants has one, and their hooks
 * ran with every render of the list. Closing unmounts the open dialog, whose cleanup gives the
 * focus back.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null
}

function OpenDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  destructive = false,
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId()
  const bodyId = useId()
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    // The page behind must not scroll under the finger on phones.
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      if (!busy) onCancel()
      return
    }
    if (event.key !== 'Tab' || !panel.current) return
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={() => !busy && onCancel()} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="relative flex max-h-[calc(100dvh-2rem)] w-full max-w-md flex-col rounded-2xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {/* A long body (the import's column step on a phone) scrolls; the title and buttons stay. */}
        <div id={bodyId} className="mt-2 min-h-0 overflow-y-auto text-sm text-slate-600">
          {children}
        </div>
        {/* Cancel first, on screen as in the DOM (above on a phone, on the left on wider screens). */}
        <div className="mt-6 flex shrink-0 flex-col gap-2 sm:flex-row sm:justify-end">
          <Button data-autofocus variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
