import { useDrawFinisher } from '@/app/sync/useDrawFinisher'

/**
 * Finishes this device's rounds. Rendered beside the router, not inside a route: React Router
 * replaces the root route's element with its error screen when a screen throws, and a round must
 * still be revealed on time while that screen is up.
 */
export function DrawFinisher() {
  useDrawFinisher()
  return null
}
