// The sync endpoints' paths (docs/sync-protocol.md), shared by the engine's client and the entry's
// early download.
import { SNAPSHOT_FORMAT } from '@/protocol/wire'

export const rafflePath = (id: string) => `/api/sync/raffles/${encodeURIComponent(id)}`

/** Where a raffle's snapshot is read, in the format this version stores. */
export const snapshotPath = (id: string) => `${rafflePath(id)}/snapshot?format=${SNAPSHOT_FORMAT}`
