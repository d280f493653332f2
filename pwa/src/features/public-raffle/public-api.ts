// The public endpoints (docs/api.md, "Public raffle"): no session, by code.
import type { PublicCheckAnswer, PublicParticipantsPage, PublicState } from '@/protocol/public-state'
import { apiRequest } from '@/lib/api'

export const PARTICIPANTS_PAGE_SIZE = 100

const base = (code: string) => `/api/public/raffles/${encodeURIComponent(code)}`

/** The path of a raffle's public state (the server preloads it with the page: static_preload.go). */
export const publicStatePath = base

export function fetchPublicState(code: string, signal?: AbortSignal): Promise<PublicState> {
  return apiRequest<PublicState>(base(code), { signal })
}

export function fetchParticipants(code: string, q: string, offset: number, signal?: AbortSignal): Promise<PublicParticipantsPage> {
  const query = new URLSearchParams({ q, offset: String(offset), limit: String(PARTICIPANTS_PAGE_SIZE) })
  return apiRequest<PublicParticipantsPage>(`${base(code)}/participants?${query}`, { signal })
}

/** The self-check, by e-mail or by phone (E.164): the server answers about that one only. */
export function checkEntrant(code: string, who: { email: string } | { phone: string }): Promise<PublicCheckAnswer> {
  return apiRequest<PublicCheckAnswer>(`${base(code)}/check`, { method: 'POST', body: who })
}
