import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, apiRequestText, NetworkError } from '@/lib/api'
import { httpAuthApi } from '@/lib/auth-api'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends JSON with same-origin credentials and returns the body', async () => {
    const fetchMock = stubFetch(async () => json(200, { ok: true }))
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true })
    const [path, init] = fetchMock.mock.calls[0]!
    expect(path).toBe('/api/x')
    expect(init?.credentials).toBe('same-origin')
    expect(init?.body).toBe('{"a":1}')
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  it('turns the error shape into an ApiError', async () => {
    stubFetch(async () => json(409, { code: 'email_taken', message: 'Este e-mail já está cadastrado.', field: 'email' }))
    const error = await apiRequest('/api/auth/signup', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 409, code: 'email_taken', field: 'email', message: 'Este e-mail já está cadastrado.' })
  })

  it('reports a failed connection as a NetworkError in Portuguese', async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')))
    const error = await apiRequest('/api/auth/session').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toBe('Sem conexão com o servidor.')
  })

  it('treats a gateway page (no JSON) as the server being unreachable', async () => {
    stubFetch(async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }))
    await expect(apiRequest('/api/auth/session')).rejects.toBeInstanceOf(NetworkError)
  })

  it('returns undefined for 204', async () => {
    stubFetch(async () => new Response(null, { status: 204 }))
    await expect(apiRequest('/api/auth/signout', { method: 'POST' })).resolves.toBeUndefined()
  })

  it('gives up on a server that never answers', async () => {
    vi.useFakeTimers()
    stubFetch((_input, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))))
    const pending = apiRequest('/api/auth/session', { timeoutMs: 1000 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await pending).toBeInstanceOf(NetworkError)
    vi.useRealTimers()
  })
})

describe('apiRequestText', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('returns a JSON answer as the exact text the server sent', async () => {
    const body = '{ "b": 1,\n  "a": "ção" }\n'
    stubFetch(async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }))
    await expect(apiRequestText('/api/x')).resolves.toBe(body)
  })

  it('turns error answers into the same errors as apiRequest', async () => {
    stubFetch(async () => json(404, { code: 'not_found', message: 'Sorteio não encontrado.' }))
    await expect(apiRequestText('/api/x')).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'not_found' })
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(apiRequestText('/api/x')).rejects.toBeInstanceOf(NetworkError)
  })

  it('treats a page that is not JSON (a proxy or the app shell) as no server', async () => {
    stubFetch(async () => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }))
    await expect(apiRequestText('/api/x')).rejects.toBeInstanceOf(NetworkError)
  })
})

describe('httpAuthApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('session: null when the server says nobody is signed in', async () => {
    stubFetch(async () => json(200, { user: null }))
    await expect(httpAuthApi.session()).resolves.toBeNull()
  })

  it('signIn: posts the credentials and returns the user', async () => {
    const user = { id: 'u1', email: 'ana@exemplo.com' }
    const fetchMock = stubFetch(async () => json(200, { user }))
    await expect(httpAuthApi.signIn({ email: 'ana@exemplo.com', password: 'segredo' })).resolves.toEqual(user)
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/signin')
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST')
  })
})
