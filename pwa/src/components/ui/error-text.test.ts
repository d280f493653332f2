import { describe, expect, it } from 'vitest'
import { errorField, errorText } from '@/components/ui/error-text'
import { ApiError, NetworkError } from '@/lib/api'
import { RuleError } from '@/protocol/rules'

describe('errorText', () => {
  it('shows the pt-BR message of a rule, server or connection error', () => {
    expect(errorText(new RuleError('title_required', 'title', 'O título é obrigatório.'))).toBe('O título é obrigatório.')
    expect(errorText(new ApiError(409, { code: 'conflict', message: 'Já existe.' }))).toBe('Já existe.')
    expect(errorText(new NetworkError())).toBe('Sem conexão com o servidor.')
  })

  it('turns a full disk into a sentence, and anything else into a plain one', () => {
    expect(errorText(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }))).toBe('Sem espaço de armazenamento neste dispositivo. Libere espaço e tente novamente.')
    expect(errorText(new Error('DatabaseClosedError: internal'))).toBe('Erro inesperado. Tente novamente.')
    expect(errorText('boom')).toBe('Erro inesperado. Tente novamente.')
  })

  it('names the field of a rule error only', () => {
    expect(errorField(new RuleError('title_required', 'title', 'O título é obrigatório.'))).toBe('title')
    expect(errorField(new ApiError(400, { code: 'x', message: 'y', field: 'title' }))).toBeUndefined()
  })
})
