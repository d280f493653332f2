import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const ana = { id: 'u-ana', email: 'ana@exemplo.com' }

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

// The early ask lives in the module: each test gets a fresh copy.
async function freshModule() {
  vi.resetModules()
  return import('@/lib/auth-api')
}

describe('the early session ask', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    fetchMock = vi.fn(async () => answer(200, { user: ana }))
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('answered(): nothing while the answer is on its way, then the user, once', async () => {
    const { askSessionEarly, httpAuthApi } = await freshModule()
    const asked = askSessionEarly()
    expect(httpAuthApi.answered?.()).toBeUndefined()
    await asked
    expect(httpAuthApi.answered?.()).toEqual(ana)
    expect(httpAuthApi.answered?.()).toBeUndefined()
    // Taken: the next check asks the server again.
    await httpAuthApi.session()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('answered(): null when the server says nobody is signed in', async () => {
    fetchMock.mockImplementation(async () => answer(200, { user: null }))
    const { askSessionEarly, httpAuthApi } = await freshModule()
    await askSessionEarly()
    expect(httpAuthApi.answered?.()).toBeNull()
  })

  it('answered(): nothing when the ask failed, which session() then reports', async () => {
    fetchMock.mockImplementation(async () => answer(500, { error: { code: 'internal', message: 'Erro interno.' } }))
    const { askSessionEarly, httpAuthApi } = await freshModule()
    await askSessionEarly().catch(() => {})
    expect(httpAuthApi.answered?.()).toBeUndefined()
    await expect(httpAuthApi.session()).rejects.toThrow()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('session() takes the early answer; answered() then has nothing', async () => {
    const { askSessionEarly, httpAuthApi } = await freshModule()
    await askSessionEarly()
    await expect(httpAuthApi.session()).resolves.toEqual(ana)
    expect(httpAuthApi.answered?.()).toBeUndefined()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
