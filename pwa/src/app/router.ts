import { createBrowserRouter } from 'react-router-dom'
import { whenInitialized } from '@/app/first-screen'
import { routes } from '@/app/routes'

/** The app's one router (tests make their own from the same route table). */
export const router = createBrowserRouter(routes)

/** How long the first render and sync wait for the first screen's code (a stalled network). */
const FIRST_SCREEN_WAIT_MS = 1000

/**
 * Settles once the first screen's code is in, or a second after the entry ran: main.tsx renders
 * then (the router's spinner, if the code is still out), and sync starts after it.
 */
export const firstScreen = Promise.race([whenInitialized(router), new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))])
