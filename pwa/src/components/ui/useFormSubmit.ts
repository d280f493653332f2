import { useState, type ChangeEvent, type FormEvent } from 'react'
import { ApiError } from '@/lib/api'

type FieldErrors<F extends string> = Partial<Record<F, string>>

/**
 * A form that sends once at a time: `busy` while it waits, the server's message under the field it
 * names (one of `fields`), and `onError` for whatever else the form does on a failure (a toast, a
 * cleared password). A second submit while busy is ignored, so a double tap sends one request.
 */
export function useFormSubmit<F extends string>(fields: readonly F[], submit: () => Promise<void>, onError: (error: unknown, field: F | null) => void) {
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<F>>({})

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setErrors({})
    try {
      await submit()
    } catch (error) {
      const field = error instanceof ApiError ? (fields.find((name) => name === error.field) ?? null) : null
      if (field && error instanceof ApiError) setErrors({ [field]: error.message } as FieldErrors<F>)
      onError(error, field)
    } finally {
      setBusy(false)
    }
  }

  /** Typing in a field takes its error away. */
  const clear = (field: F) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))

  /** A text field's value, its error and an onChange that sets the value and takes the error away. */
  const field = (name: F, value: string, setValue: (value: string) => void) => ({
    value,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValue(event.target.value)
      clear(name)
    },
  })

  return { busy, errors, onSubmit, clear, field }
}
