import { Button } from '@/components/ui/Button'

interface ElsewhereNoticeProps {
  /** The value another device stored while the field was in use. */
  other: string
  /** The person's value: what they typed, or the one the field had before the change. */
  mine: string
  onKeepOther: () => void
  onKeepMine: () => void
}

const LABEL_LENGTH = 40

/** A value as a button names it: quoted, shortened, and said when empty. */
function named(value: string, length = Number.POSITIVE_INFINITY): string {
  const text = value.trim()
  if (text === '') return 'vazio'
  return `“${text.length > length ? `${text.slice(0, length - 1)}…` : text}”`
}

/** 'Alterado em outro aparelho para …', under a settings field, with the choice of keeping either value. */
export function ElsewhereNotice({ other, mine, onKeepOther, onKeepMine }: ElsewhereNoticeProps) {
  return (
    <div role="status" className="space-y-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>Alterado em outro aparelho para {named(other)}.</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onKeepOther}>
          Ficar com {named(other, LABEL_LENGTH)}
        </Button>
        <Button size="sm" variant="outline" onClick={onKeepMine}>
          Ficar com {named(mine, LABEL_LENGTH)}
        </Button>
      </div>
    </div>
  )
}
