// The first of the entry's modules to run (main.tsx imports it before React and the app): the
// requests screens wait for leave before the rest of the entry is evaluated, which takes a few
// hundred milliseconds on a phone.
// Step 2 of "The start-up path" (docs/architecture.md), which follows a page from the server's
// headers to the service worker.
import { startEarlySnapshot } from '@/app/early-snapshot'
import { startEarlyState } from '@/features/public-raffle/early-state'
import { askSessionEarly } from '@/lib/auth-api'

const session = askSessionEarly()
startEarlySnapshot(location.pathname, session)
startEarlyState(location.pathname)
