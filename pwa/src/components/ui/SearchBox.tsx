import { useId, useRef } from 'react'
import { SearchIcon, XIcon } from '@/components/ui/icons'
import { cn } from '@/lib/cn'

interface SearchBoxProps {
  value: string
  onChange: (value: string) => void
  onClear: () => void
  placeholder?: string
  /** The field's name for screen readers. */
  label?: string
}

/** The list's search field, with a clear button once something is typed (Esc clears too). */
export function SearchBox({ value, onChange, onClear, placeholder = 'Buscar por nome, email ou bilhete...', label = 'Buscar participantes' }: SearchBoxProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)

  function clear() {
    onClear()
    input.current?.focus()
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-5 -translate-y-1/2 text-slate-500" />
      <input
        ref={input}
        id={id}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault()
            clear()
          }
        }}
        className={cn(
          'block h-11 w-full rounded-xl border border-slate-300 bg-white pl-9 text-base text-slate-900',
          // The long placeholder must fit a 360 px screen; typed text stays at 16 px (no iOS zoom).
          'placeholder:text-[13px] placeholder:text-slate-500 sm:placeholder:text-sm',
          'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800 [&::-webkit-search-cancel-button]:hidden',
          value ? 'pr-11' : 'pr-2',
        )}
      />
      {value && (
        <button
          type="button"
          onClick={clear}
          aria-label="Limpar busca"
          title="Limpar busca"
          className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-3 focus-visible:outline-brand-800"
        >
          <XIcon className="size-4" />
        </button>
      )}
    </div>
  )
}
