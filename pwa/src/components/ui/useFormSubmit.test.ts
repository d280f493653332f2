import { act, renderHook } from '@testing-library/react'
import type { ChangeEvent, FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useFormSubmit } from '@/components/ui/useFormSubmit'
import { ApiError } from '@/lib/api'

const event = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>
const FIELDS = ['current', 'password'] as const

describe('useFormSubmit', () => {
  it('sends once while a submit is waiting, then is free again', async () => {
    let release = () => {}
    const submit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)))
    const { result } = renderHook(() => useFormSubmit(FIELDS, submit, vi.fn()))
    let first: Promise<void> = Promise.resolve()
    act(() => {
      first = result.current.onSubmit(event())
    })
    expect(result.current.busy).toBe(true)
    await act(() => result.current.onSubmit(event()))
    expect(submit).toHaveBeenCalledTimes(1)
    await act(async () => {
      release()
      await first
    })
    expect(result.current.busy).toBe(false)
  })

  it("puts the server's message under the field it names, and typing there clears it", async () => {
    const refused = new ApiError(400, { code: 'wrong_password', message: 'Senha atual incorreta.', field: 'current' })
    const onError = vi.fn()
    const { result } = renderHook(() => useFormSubmit(FIELDS, () => Promise.reject(refused), onError))
    await act(() => result.current.onSubmit(event()))
    expect(result.current.errors).toEqual({ current: 'Senha atual incorreta.' })
    expect(onError).toHaveBeenCalledWith(refused, 'current')
    act(() => result.current.clear('current'))
    expect(result.current.errors.current).toBeUndefined()
  })

  it('binds a field: its value, its error, and typing sets the value and clears the error', async () => {
    const refused = new ApiError(400, { code: 'weak', message: 'Senha curta.', field: 'password' })
    const setValue = vi.fn()
    const { result } = renderHook(() => useFormSubmit(FIELDS, () => Promise.reject(refused), vi.fn()))
    await act(() => result.current.onSubmit(event()))
    const bound = result.current.field('password', 'abc', setValue)
    expect(bound).toMatchObject({ value: 'abc', error: 'Senha curta.' })
    act(() => bound.onChange({ target: { value: 'abcdefg' } } as ChangeEvent<HTMLInputElement>))
    expect(setValue).toHaveBeenCalledWith('abcdefg')
    expect(result.current.field('password', 'abcdefg', setValue).error).toBeUndefined()
  })

  it('names no field for an error about another field or a lost connection', async () => {
    const other = new ApiError(400, { code: 'invalid', message: 'E-mail inválido.', field: 'email' })
    const offline = new TypeError('Failed to fetch')
    for (const failure of [other, offline]) {
      const onError = vi.fn()
      const { result } = renderHook(() => useFormSubmit(FIELDS, () => Promise.reject(failure), onError))
      await act(() => result.current.onSubmit(event()))
      expect(result.current.errors).toEqual({})
      expect(onError).toHaveBeenCalledWith(failure, null)
    }
  })
})
