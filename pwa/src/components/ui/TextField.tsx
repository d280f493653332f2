import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

// ComponentProps<'input'> includes ref, which React 19 passes to function components as a prop.
interface TextFieldProps extends ComponentProps<'input'> {
  label: string
  /** Shown under the input and announced with it. */
  error?: string | undefined
  hint?: string
  /** Keeps the label for screen readers only, for compact one-field forms. */
  hideLabel?: boolean
  /** Shown on the input's right, in the same row (e.g. the form's button). */
  trailing?: ReactNode
  /** Shown under the field, after its hint or error (a settings field's change from elsewhere). */
  notice?: ReactNode
}

const inputClasses =
  'block h-11 w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 ' +
  'disabled:bg-slate-100 disabled:text-slate-500'

export function TextField({ label, error, hint, hideLabel, trailing, notice, id, className, ...rest }: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  const describedBy = error ? errorId : hint ? hintId : undefined
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className={cn('block text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, 'min-w-0 flex-1', error ? 'border-red-500' : 'border-slate-300')}
          {...rest}
        />
        {trailing}
      </div>
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
