interface ImportProgressProps {
  label: string
  /** Without done/total the bar is indeterminate (a step with no measurable parts). */
  done?: number
  total?: number
}

export function ImportProgress({ label, done, total }: ImportProgressProps) {
  const known = done !== undefined && total !== undefined && total > 0
  const percent = known ? Math.round((done / total) * 100) : undefined
  return (
    <div className="space-y-1" role="status">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        {known && (
          <span className="text-slate-600">
            {done} de {total}
          </span>
        )}
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className={known ? 'h-full bg-brand-600 transition-[width]' : 'h-full w-1/3 animate-pulse bg-brand-600'} style={known ? { width: `${percent}%` } : undefined} />
      </div>
    </div>
  )
}
