// The first screen's weight, checked by `make test` (`npm run -w pwa size`): the files index.html
// loads before anything else (its module script, the module preloads and the style sheet), read
// from the built index.html so a renamed chunk cannot drop out of the sum. Brotli, as served.
// The limit is the size at its introduction (113.6 kB) plus about 10 %.
import { readFileSync } from 'node:fs'

const html = readFileSync(new URL('./dist/index.html', import.meta.url), 'utf8')
const files = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="(?:modulepreload|stylesheet)"[^>]* href)="\/(assets\/[^"]+)"/g)].map((m) => `dist/${m[1]}`)
if (!files.some((f) => f.endsWith('.js')) || !files.some((f) => f.endsWith('.css'))) throw new Error(`dist/index.html names no script or no style sheet: ${files.join(', ')}`)

export default [{ name: `first screen (${files.length} files of index.html, brotli)`, path: files, limit: '125 kB' }]
