import { useEffect, useState } from 'react'
import { databaseHere } from '@/db/device'
import { waitingText } from '@/features/auth/waiting-text'

/**
 * On the sign-in page, changes still queued on this device (a session that ended elsewhere: a
 * password changed on another device, or an expired session). The database loads only where it
 * exists, and only for this: the page stays small on a device that never signed in.
 */
export function WaitingChanges() {
  const [waiting, setWaiting] = useState(0)
  useEffect(() => {
    if (!databaseHere()) return
    let live = true
    void Promise.all([import('@/db/outbox'), import('@/db/schema')])
      .then(([{ outboxSize }, { db }]) => outboxSize(db))
      .then((n) => live && setWaiting(n))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [])
  if (waiting === 0) return null
  return (
    <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {waitingText(waiting)}
    </p>
  )
}
