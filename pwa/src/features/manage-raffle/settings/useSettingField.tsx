import { useState, type ChangeEvent, type ReactNode } from 'react'
import { ElsewhereNotice } from '@/features/manage-raffle/settings/ElsewhereNotice'
import { blur, change, focus, keepMine, keepOther, viewOf, type Edit, type Same, type Step } from '@/features/manage-raffle/settings/setting-edit'

interface SettingFieldOptions {
  /** The stored value, as the field shows it. */
  stored: string
  /** Saves the edited text; rejects with the reason when the value is refused. */
  save: (text: string) => Promise<void>
  /** Whether the edited text means the same as the stored value (then nothing is saved). */
  same: Same
  onError: (error: unknown) => string
}

/**
 * Save-on-blur for one setting (states in setting-edit.ts). While focused the field shows what the
 * user types. On blur only what was typed is saved: a field that merely had focus saves nothing,
 * whatever another device stored meanwhile. A change from elsewhere while focused is shown under
 * the field with the choice of keeping either value. A saved text stays on screen until the live
 * query brings the stored value back (no flash of the old value). A refused value shows the reason
 * under the field, the typed text kept to be mended.
 */
export function useSettingField({ stored, save, same, onError }: SettingFieldOptions) {
  const [edit, setEdit] = useState<Edit | null>(null)
  const [error, setError] = useState<string | undefined>(undefined)
  const view = viewOf(edit, stored, same)
  // Forget a settled edit, or a later change of the stored value back to its base (another device,
  // a refused save) would show the old typed text.
  if (view.settled) setEdit(null)

  async function run(step: Step) {
    setEdit(step.edit)
    if (step.save === undefined) return
    try {
      await save(step.save)
    } catch (failure) {
      // What was typed stays, with the reason beside it, to be mended: put back silently, the field
      // would show the old value next to an error about the new one.
      setEdit((current) => current && { ...current, saving: false })
      setError(onError(failure))
    }
  }

  const notice: ReactNode = view.elsewhere && (
    <ElsewhereNotice {...view.elsewhere} onKeepOther={() => void run(keepOther())} onKeepMine={() => void run(keepMine(edit, stored, same))} />
  )

  return {
    value: view.value,
    error,
    notice,
    onFocus: () => {
      setEdit(focus(edit, view.value, stored))
      setError(undefined)
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const text = event.target.value
      setEdit((current) => change(current, text, stored))
      setError(undefined)
    },
    onBlur: () => run(blur(edit, stored, same)),
  }
}
