// boot comes first: its requests go out before the rest of the code below is evaluated.
// Steps 3 and 4 of "The start-up path" (docs/architecture.md): the entry, after app/boot.ts.
import '@/app/boot'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from '@/app/App'
import { firstScreen } from '@/app/router'
import '@/index.css'

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

// The first screen's code is preloaded beside this entry and is in by now or soon after: rendering
// once it is paints that screen at once, not the router's spinner first and the screen later (a
// screen whose code is still out a second after the entry ran gets the spinner: app/router.ts).
void firstScreen.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
