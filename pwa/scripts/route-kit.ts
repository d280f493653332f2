// The small modules that several lazy screens share go into one chunk, the kit, instead of one file
// each. Left to itself the bundler gives every module shared by a different set of screens a chunk
// of its own: the public page needed 15 files for 17 KB compressed, which a phone on HTTP/1.1
// fetches six at a time, a round trip each turn.
//
// A module joins the kit when it is app code of the lower layers that carry no storage
// (components/, lib/, protocol/: a screen's own code stays with the screen, and db/ and sync/ with
// the screens that store), two or more screens (the routes' lazy imports) reach it by static
// imports, the entry does not (the entry never
// imports the kit, so the two cannot form a cycle), and everything it imports is in the entry or in
// the kit (so no screen gets Dexie, or another screen's code, through it).
import { relative } from 'node:path'
import type { Plugin, Rolldown } from 'vite'

export interface ModuleNode {
  imports: readonly string[]
  dynamicImports: readonly string[]
}

/** What the entries reach by static imports alone. */
function staticClosure(graph: ReadonlyMap<string, ModuleNode>, roots: Iterable<string>, stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>()
  const stack = [...roots].filter((id) => !stop.has(id))
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    for (const dep of graph.get(id)?.imports ?? []) if (!seen.has(dep) && !stop.has(dep)) stack.push(dep)
  }
  return seen
}

/**
 * The kit's modules, by the rule above; `screens` are the routes' lazy imports (a chunk a screen
 * loads later, or the sync engine, is no second user), `eligible` says which ids are of the lower
 * layers.
 */
export function kitModules(graph: ReadonlyMap<string, ModuleNode>, entries: readonly string[], screens: readonly string[], eligible: (id: string) => boolean): Set<string> {
  const initial = staticClosure(graph, entries)
  const lazy = new Set<string>()
  for (const node of graph.values()) for (const id of node.dynamicImports) if (!initial.has(id)) lazy.add(id)
  const reach = new Map<string, number>()
  for (const root of screens) for (const id of staticClosure(graph, [root], initial)) reach.set(id, (reach.get(id) ?? 0) + 1)

  const kit = new Set([...reach].filter(([id, n]) => n >= 2 && !lazy.has(id) && eligible(id)).map(([id]) => id))
  // Drop what imports anything outside the entry and the kit, until nothing changes.
  for (let changed = true; changed;) {
    changed = false
    for (const id of kit) {
      if ((graph.get(id)?.imports ?? []).every((dep) => initial.has(dep) || kit.has(dep))) continue
      kit.delete(id)
      changed = true
    }
  }
  return kit
}

/**
 * The plugin reads the module graph when the build has it; the chunk group, for
 * `build.rolldownOptions.output.codeSplitting.groups`, asks the plugin's answer.
 */
export function routeKit(srcDir: string, routesFile: string): { plugin: Plugin; group: Rolldown.CodeSplittingGroup } {
  let kit = new Set<string>()
  const eligible = (id: string) => {
    const path = relative(srcDir, id)
    return /^(components|lib|protocol)[\\/]/.test(path) && !path.includes('node_modules')
  }
  const plugin: Plugin = {
    name: 'sorteio-route-kit',
    apply: 'build',
    buildEnd() {
      const graph = new Map<string, ModuleNode>()
      const entries: string[] = []
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id)
        if (!info) continue
        graph.set(id, { imports: info.importedIds, dynamicImports: info.dynamicallyImportedIds })
        if (info.isEntry) entries.push(id)
      }
      const screens = this.getModuleInfo(routesFile)?.dynamicallyImportedIds ?? []
      if (screens.length === 0) this.error(`route-kit: no lazy screens in ${routesFile}`)
      kit = kitModules(graph, entries, screens, eligible)
    },
    generateBundle(_options, bundle) {
      // The rule keeps the entry from importing the kit, and the kit from importing anything the
      // entry does not load (so modules run in the order they always did); a bundler that chunked
      // otherwise fails here.
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk')
      const kitChunk = chunks.find((c) => c.name === 'kit')
      const entry = chunks.find((c) => c.isEntry)
      if (!kitChunk || !entry) return
      if (entry.imports.includes(kitChunk.fileName)) this.error(`route-kit: the entry imports ${kitChunk.fileName}`)
      const inEntry = new Set([entry.fileName, ...entry.imports])
      const stray = kitChunk.imports.filter((f) => !inEntry.has(f))
      if (stray.length > 0) this.error(`route-kit: the kit imports ${stray.join(', ')}`)
    },
  }
  // Its imports are the entry's or its own: nothing to pull in after it (pulling in would move
  // the entry's modules here and make the entry import the kit).
  const group: Rolldown.CodeSplittingGroup = { name: 'kit', test: (id) => kit.has(id), includeDependenciesRecursively: false }
  return { plugin, group }
}
