import { useId } from 'react'
import { cn } from '@/lib/cn'

interface SwitchProps {
  label: string
  description?: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  name?: string
}

/** An on/off toggle (role=switch) with its label and an optional explanation under it. */
export function Switch({ label, description, checked, onChange, disabled, name }: SwitchProps) {
  const id = useId()
  const descriptionId = `${id}-description`
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={cn('block text-sm font-medium text-slate-800', disabled && 'text-slate-500')}>
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-xs text-slate-500">
            {description}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        name={name}
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
          'disabled:cursor-not-allowed disabled:opacity-55',
          checked ? 'bg-brand-700' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
      </button>
    </div>
  )
}
