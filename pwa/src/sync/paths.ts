// The sync endpoints' paths (docs/sync-protocol.md), shared by the engine's client and the entry's
// early download.
import { SCHEMA_VERSION, SNAPSHOT_FORMAT } from '@/protocol/wire'

export const rafflePath = (id: string) => `/api/sync/raffles/${encodeURIComponent(id)}`

/**
 * The schema version every pull names: a device before the Loteria Federal names none and is sent
 * no closed list it could not read (docs/sync-protocol.md, "Loteria Federal").
 */
export const SCHEMA_PARAM = `schema=${SCHEMA_VERSION}`

/** Where a raffle's snapshot is read, in the format this version stores (the server preloads this URL). */
export const snapshotPath = (id: string) => `${rafflePath(id)}/snapshot?format=${SNAPSHOT_FORMAT}&${SCHEMA_PARAM}`

/** Where a raffle's log is read after a cursor. */
export const changesPath = (id: string, after: string) => `${rafflePath(id)}/changes?after=${encodeURIComponent(after)}&${SCHEMA_PARAM}`
