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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  signal?: AbortSignal
  /** Give up after this many milliseconds; a hung connection must not keep screens waiting. */
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.code === 'string' && typeof v.message === 'string'
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('Content-Type') ?? ''
  if (!type.includes('application/json')) return undefined
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

/** Sends the request; a connection that fails or hangs becomes a NetworkError. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options
  // Built by hand rather than with AbortSignal.timeout/any, which older iOS Safari lacks.
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'

  try {
    return await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    })
  } catch (error) {
    // A caller's own abort is not a connectivity problem; let it through unchanged.
    if (signal?.aborted) throw error
    throw new NetworkError(NETWORK_ERROR_MESSAGE, { cause: error })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** The error for a non-2xx answer whose body (if JSON) is `data`. */
function failure(response: Response, data: unknown): Error {
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
  const response = await send(path, options)
  if (response.status === 204) return undefined as T
  const data = await readJson(response)
  if (!response.ok) throw failure(response, data)
  if (data === undefined) throw new NetworkError()
  return data as T
}

/**
 * Like apiRequest, but returns a JSON answer's body as the exact text the server sent, for callers
 * that must keep it unchanged (a record offered for download and checked elsewhere).
 */
export async function apiRequestText(path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(path, options)
  if (!response.ok) throw failure(response, await readJson(response))
  if (!(response.headers.get('Content-Type') ?? '').includes('application/json')) throw new NetworkError()
  try {
    return await response.text()
  } catch (error) {
    throw new NetworkError(NETWORK_ERROR_MESSAGE, { cause: error })
  }
}

/** The pt-BR text to show for any error thrown by apiRequest (or anything else). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message
  return 'Erro inesperado. Tente novamente.'
}
