import { describe, expect, it } from 'vitest'
import { drawQuestion, fingerprintLine, poolFingerprint, roundPoolText } from '@/lib/pool-text'

describe('pool text', () => {
  it('asks with the numbers, in the singular where they are one', () => {
    expect(drawQuestion(3, { tickets: 25, people: 18, simple: false })).toBe('Sortear 3 vencedores entre 25 bilhetes de 18 pessoas?')
    expect(drawQuestion(1, { tickets: 1, people: 1, simple: false })).toBe('Sortear 1 vencedor entre 1 bilhete de 1 pessoa?')
    expect(drawQuestion(2, { tickets: 1200, people: 1200, simple: true })).toBe('Sortear 2 vencedores entre 1.200 pessoas?')
  })

  it('shows the round’s pool, without people when they are not known', () => {
    expect(roundPoolText({ tickets: 25, people: 18, simple: false })).toBe('Sorteio entre 25 bilhetes de 18 pessoas')
    expect(roundPoolText({ tickets: 24, people: null, simple: false })).toBe('Sorteio entre 24 bilhetes')
  })

  it('takes the digest’s first 8 characters as the fingerprint', () => {
    const digest = '3fa8c2d1' + '0'.repeat(56)
    expect(poolFingerprint(digest)).toBe('3fa8c2d1')
    expect(fingerprintLine(digest)).toBe('Impressão digital da lista: 3fa8c2d1')
  })
})
