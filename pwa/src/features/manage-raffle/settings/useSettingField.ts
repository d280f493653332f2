import { useState, type ChangeEvent } from 'react'

interface Edit {
  text: string
  /** The stored value when editing began; a different stored value means the edit is settled. */
  base: string
  focused: boolean
}

interface SettingFieldOptions {
  /** The stored value, as the field shows it. */
  stored: string
  /** Saves the edited text; rejects with the reason when the value is refused. */
  save: (text: string) => Promise<void>
  /** Whether the edited text means the same as the stored value (then nothing is saved). */
  same: (text: string, stored: string) => boolean
  onError: (error: unknown) => string
}

/**
 * Save-on-blur for one setting. While focused the field shows what the user types. On blur an
 * unchanged value is left alone; a changed one is saved, and the typed text stays on screen until
 * the live query brings the stored value back (no flash of the old value). A refused value shows
 * the reason under the field and the field returns to the stored value.
 */
export function useSettingField({ stored, save, same, onError }: SettingFieldOptions) {
  const [edit, setEdit] = useState<Edit | null>(null)
  const [error, setError] = useState<string | undefined>(undefined)
  // A saved edit is settled once the stored value moves; forget it then, or a later change of the
  // stored value back to `base` (another device, a refused save) would show the old typed text.
  if (edit !== null && !edit.focused && edit.base !== stored) setEdit(null)
  const showEdit = edit !== null && (edit.focused || edit.base === stored)
  const value = showEdit ? edit.text : stored

  async function onBlur() {
    if (!edit) return
    if (same(edit.text, stored)) {
      setEdit(null)
      return
    }
    setEdit({ ...edit, focused: false })
    try {
      await save(edit.text)
    } catch (failure) {
      // What was typed stays, with the reason beside it, to be mended: put back silently, the field
      // would show the old value next to an error about the new one.
      setError(onError(failure))
    }
  }

  return {
    value,
    error,
    onFocus: () => {
      setEdit({ text: value, base: stored, focused: true })
      setError(undefined)
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const text = event.target.value
      setEdit((current) => ({ base: current?.base ?? stored, text, focused: true }))
      setError(undefined)
    },
    onBlur,
  }
}
