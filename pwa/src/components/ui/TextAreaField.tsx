import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string
  error?: string | undefined
  hint?: string
  /** Shown under the field, after its hint or error. */
  notice?: ReactNode
}

/** The multi-line sibling of TextField: same label, hint and error wiring. */
export function TextAreaField({ label, error, hint, notice, id, className, rows = 3, ...rest }: TextAreaFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        className={cn(
          'block w-full resize-y rounded-xl border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500',
          'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800',
          'disabled:bg-slate-100 disabled:text-slate-500',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...rest}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {notice}
    </div>
  )
}
