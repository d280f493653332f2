import type { ButtonHTMLAttributes, Ref } from 'react'
import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button-styles'
import { Spinner } from '@/components/ui/Spinner'

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Disables the button and shows a spinner in front of its label. */
  loading?: boolean
  ref?: Ref<HTMLButtonElement>
}

export function Button({ variant, size, loading = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  )
}
