// Writes route-preloads.json beside index.html: what index.html itself loads (the entry script,
// its static imports, its stylesheets), and for each lazily loaded route of src/app/routes.tsx its
// URL pattern and the scripts its screen needs (its chunk and that chunk's static imports, less
// what index.html loads already). The server names them in `Link` headers with index.html, the
// entry's files first: a screen's code then downloads beside the entry script instead of after it
// has run, and on HTTP/1.1's six connections it does not go ahead of what the first paint needs.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { Plugin, Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

// `{ path: 'sorteio/:code', lazy: screen(() => import('@/features/public-raffle/PublicRafflePage')) }`
const ROUTE = /path:\s*'([^']+)',\s*lazy:\s*screen\(\(\)\s*=>\s*import\('@\/([^']+)'\)\)/g

export function routePreloads(routesFile: string, srcDir: string): Plugin {
  return {
    name: 'sorteio-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const source = readFileSync(routesFile, 'utf8')
      const routes = [...source.matchAll(ROUTE)].map(([, pattern, module]) => ({ pattern: pattern!, module: module! }))
      const lazyCount = source.split('lazy: screen(').length - 1
      if (routes.length !== lazyCount) this.error(`route-preloads: read ${routes.length} of the ${lazyCount} lazy routes of ${routesFile}`)
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const entry = chunks.find((c) => c.isEntry && c.name === 'index')
      if (!entry) this.error('route-preloads: no entry chunk')
      const inHtml = new Set([entry.fileName, ...entry.imports])
      const styles = [...(entry.viteMetadata?.importedCss ?? [])]
      if (styles.length === 0) this.error('route-preloads: the entry has no stylesheet')
      const out: Record<string, string[]> = {}
      for (const { pattern, module } of routes) {
        const chunk = chunks.find((c) => c.facadeModuleId && relative(srcDir, c.facadeModuleId).replace(/\.tsx?$/, '') === module)
        if (!chunk) this.error(`route-preloads: no chunk for ${module}`)
        const files: string[] = []
        const visit = (file: string) => {
          if (inHtml.has(file) || files.includes(file)) return
          files.push(file)
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep)
        }
        visit(chunk.fileName)
        out[pattern] = files.map((f) => `/${f}`)
      }
      const table = { entry: [...inHtml].map((f) => `/${f}`), styles: styles.map((f) => `/${f}`), routes: out }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(table, null, 1)}\n` })
    },
  }
}
