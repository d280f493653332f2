// Small JSON client for the Sorteio server (see docs/api.md). Every error becomes one of two classes so
// screens can tell "the server said no" (ApiError, with its pt-BR message) from "no server" (NetworkError).

/** The server's error body: a stable code, a pt-BR message and, sometimes, the field at fault. */
export interface ApiErrorBody {
  code: string
  message: string
  field?: string
}

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly field: string | undefined

  constructor(status: number, body: ApiErrorBody) {
    super(body.message)
    this.name = 'ApiError'
    this.status = status
    this.code = body.code
    this.field = body.field
  }
}

export const NETWORK_ERROR_MESSAGE = 'Sem conexão com o servidor.'

/** The server could not be reached, or what answered was not the Sorteio API (e.g. a proxy page). */
export class NetworkError extends Error {
  constructor(message = NETWORK_ERROR_MESSAGE, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'NetworkError'
  }
}

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>

/** The clock a request's timeout runs on; the sync engine passes its own, so tests need not wait. */
export interface RequestTimer {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

// Looked up at each call, so a test's stubbed fetch is the one used.
const browserFetch: FetchFn = (input, init) => fetch(input, init)

const browserTimer: RequestTimer = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON; a Blob is sent as it is (JSON already encoded, e.g. a push of megabytes). */
  body?: unknown
  signal?: AbortSignal
  /** Give up after this many milliseconds; a hung connection must not keep screens waiting. */
  timeoutMs?: number
  /** Injected by the sync engine (tests run it against a fake server); the browser's otherwise. */
  fetch?: FetchFn
  timer?: RequestTimer
}

const DEFAULT_TIMEOUT_MS = 10_000

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.code === 'string' && typeof v.message === 'string'
}

const isJson = (response: Response) => (response.headers.get('Content-Type') ?? '').includes('application/json')

/** A JSON answer's body, or undefined when the answer is not JSON; a body that breaks off is as good as no answer. */
export async function readJson(response: Response): Promise<unknown> {
  if (!isJson(response)) return undefined
  try {
    return await response.json()
  } catch (error) {
    throw new NetworkError(NETWORK_ERROR_MESSAGE, { cause: error })
  }
}

/** A sent request's answer, with when the request left and when the answer's headers came. */
export interface Sent {
  response: Response
  sentAt: number
  receivedAt: number
}

/**
 * The one fetch of the app: JSON body, same-origin credentials, a timeout, and a connection that
 * fails or hangs becomes a NetworkError. A caller's own abort goes through unchanged.
 */
export async function send(path: string, options: RequestOptions): Promise<Sent> {
  const { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS, fetch: fetchFn = browserFetch, timer = browserTimer } = options
  // Built by hand rather than with AbortSignal.timeout/any, which older iOS Safari lacks.
  const controller = new AbortController()
  const stop = timer.setTimeout(() => controller.abort(), timeoutMs)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const json = body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body)
  const sentAt = timer.now()
  try {
    const response = await fetchFn(path, { method, headers, body: json, credentials: 'same-origin', signal: controller.signal })
    // The headers' arrival: a long body's transfer says nothing about the clocks.
    return { response, sentAt, receivedAt: timer.now() }
  } catch (error) {
    if (signal?.aborted) throw error
    throw new NetworkError(NETWORK_ERROR_MESSAGE, { cause: error })
  } finally {
    timer.clearTimeout(stop)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** The error for a non-2xx answer. */
async function failure(response: Response): Promise<Error> {
  const data = await readJson(response).catch(() => undefined)
  if (isErrorBody(data)) return new ApiError(response.status, data)
  // No JSON error body: a gateway or proxy answered while the server is down.
  if (response.status >= 500) return new NetworkError()
  return new ApiError(response.status, { code: 'unknown', message: `Erro inesperado (${response.status}).` })
}

/**
 * Calls the API and returns the parsed JSON body (undefined for 204).
 * Throws ApiError for the server's error answers and NetworkError when it cannot be reached.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response } = await send(path, options)
  if (response.status === 204) return undefined as T
  if (!response.ok) throw await failure(response)
  const data = await readJson(response)
  if (data === undefined) throw new NetworkError()
  return data as T
}

/**
 * Like apiRequest, but returns a JSON answer's body as the exact text the server sent, for callers
 * that must keep it unchanged (a record offered for download and checked elsewhere).
 */
export async function apiRequestText(path: string, options: RequestOptions = {}): Promise<string> {
  const { response } = await send(path, options)
  if (!response.ok) throw await failure(response)
  if (!isJson(response)) throw new NetworkError()
  try {
    return await response.text()
  } catch (error) {
    throw new NetworkError(NETWORK_ERROR_MESSAGE, { cause: error })
  }
}
