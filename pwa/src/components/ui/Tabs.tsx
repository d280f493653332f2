import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

export interface TabItem<T extends string> {
  value: T
  label: string
  content: ReactNode
}

interface TabsProps<T extends string> {
  items: ReadonlyArray<TabItem<T>>
  value: T
  onChange: (value: T) => void
  /** Names the tab list for screen readers. */
  label: string
}

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs. */
export function Tabs<T extends string>({ items, value, onChange, label }: TabsProps<T>) {
  const baseId = useId()
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([])
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.value === value),
  )

  function focusTab(index: number) {
    const count = items.length
    const next = (index + count) % count
    const item = items[next]
    if (!item) return
    onChange(item.value)
    tabRefs.current[next]?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      Home: 0,
      End: items.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    focusTab(target)
  }

  const active = items[activeIndex]
  return (
    <div>
      <div role="tablist" aria-label={label} className="grid auto-cols-auto grid-flow-col gap-1 rounded-xl bg-slate-100 p-1 sm:auto-cols-fr">
        {items.map((item, index) => {
          const selected = index === activeIndex
          return (
            <button
              key={item.value}
              ref={(node) => {
                tabRefs.current[index] = node
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              onKeyDown={onKeyDown}
              className={cn(
                // On a 360 px phone three labels such as 'Configurações' fill the row: each column
                // is as wide as its label, and the type a little smaller there.
                'h-10 rounded-lg px-2 text-[13px] font-semibold whitespace-nowrap transition-colors sm:text-sm',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-800',
                selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      {active && (
        <div role="tabpanel" id={`${baseId}-panel-${active.value}`} aria-labelledby={`${baseId}-tab-${active.value}`} className="pt-5">
          {active.content}
        </div>
      )}
    </div>
  )
}
