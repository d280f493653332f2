import { describe, expect, it } from 'vitest'
import { kitModules, type ModuleNode } from './route-kit.ts'

/** A module graph from `id: [imports], [dynamic imports]` lines. */
function graph(modules: Record<string, [string[], string[]?]>): Map<string, ModuleNode> {
  return new Map(Object.entries(modules).map(([id, [imports, dynamicImports = []]]) => [id, { imports, dynamicImports }]))
}

const lower = (id: string) => /^(components|lib|protocol)\//.test(id)
const screens = ['features/a/Page', 'features/b/Page']

describe('the kit: small modules the lazy screens share, in one chunk', () => {
  it('takes what two screens share and the entry does not reach', () => {
    const g = graph({
      main: [['lib/cn'], ['features/a/Page', 'features/b/Page']],
      'lib/cn': [[]],
      'features/a/Page': [['components/Button', 'components/Only-a', 'lib/cn']],
      'features/b/Page': [['components/Button', 'protocol/rules']],
      'components/Button': [['lib/cn', 'protocol/rules']],
      'components/Only-a': [[]],
      'protocol/rules': [[]],
    })
    expect([...kitModules(g, ['main'], screens, lower)].sort()).toEqual(['components/Button', 'protocol/rules'])
  })

  it('leaves out what imports storage, and then what imports that, so no screen gets Dexie through it', () => {
    const g = graph({
      main: [[], ['features/a/Page', 'features/b/Page']],
      'features/a/Page': [['components/List', 'components/Row']],
      'features/b/Page': [['components/List', 'components/Row']],
      'components/List': [['components/Row', 'db/tickets']],
      'components/Row': [['lib/format']],
      'lib/format': [[]],
      'db/tickets': [['dexie']],
      dexie: [[]],
    })
    expect([...kitModules(g, ['main'], screens, lower)].sort()).toEqual(['components/Row', 'lib/format'])
  })

  it('never takes a screen, a module of the screens layer, or a module only a dynamic import reaches once', () => {
    const g = graph({
      main: [[], ['features/a/Page', 'features/b/Page', 'lib/heavy']],
      'features/a/Page': [['features/shared/hook', 'lib/heavy'], ['lib/lazy']],
      'features/b/Page': [['features/shared/hook', 'lib/heavy'], ['lib/lazy']],
      'features/shared/hook': [[]],
      'lib/heavy': [[]],
      'lib/lazy': [['lib/only-lazy']],
      'lib/only-lazy': [[]],
    })
    // lib/heavy is itself loaded lazily (it has a chunk of its own); lib/only-lazy has one user.
    expect([...kitModules(g, ['main'], screens, lower)]).toEqual([])
  })

  it('counts screens only: a chunk a screen loads later, or the sync engine, is no second user', () => {
    const g = graph({
      main: [[], ['features/a/Page', 'features/b/Page', 'sync/engine']],
      'features/a/Page': [['lib/format'], ['features/a/Export']],
      'features/a/Export': [['lib/format', 'protocol/columns']],
      'features/b/Page': [[]],
      'sync/engine': [['protocol/columns']],
      'lib/format': [[]],
      'protocol/columns': [[]],
    })
    expect([...kitModules(g, ['main'], screens, lower)]).toEqual([])
  })

  it('takes nothing the entry reaches, even through another module', () => {
    const g = graph({
      main: [['components/Shell'], ['features/a/Page', 'features/b/Page']],
      'components/Shell': [['lib/text']],
      'lib/text': [[]],
      'features/a/Page': [['lib/text', 'lib/dates']],
      'features/b/Page': [['lib/text', 'lib/dates']],
      'lib/dates': [['lib/text']],
    })
    expect([...kitModules(g, ['main'], screens, lower)]).toEqual(['lib/dates'])
  })
})
