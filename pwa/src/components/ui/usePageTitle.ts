import { useEffect } from 'react'

const APP_NAME = 'Sorteio'

/** The tab's title for a screen, 'Meus Sorteios · Sorteio'; the app's name alone without one. */
export function pageTitle(title?: string): string {
  const trimmed = title?.trim()
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME
}

/** Names the browser tab (and the history entry) after the screen showing, from its heading. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
