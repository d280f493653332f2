import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import { reactRefresh } from 'eslint-plugin-react-refresh'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// One-way layers, top to bottom (docs/architecture.md): a folder of src imports only the folders
// below it, so no folder imports one that imports it back. The app shell sits on the screens; the
// screens on shared components and the sync engine; the engine on the IndexedDB tables; the tables
// on the pure protocol (rules, validation, the draw, wire types); everything on lib.
const layers = ['app', 'features', 'components', 'sync', 'db', 'protocol', 'lib']

// Tests and their fakes may reach up to build fixtures (a db test drives the sync engine's fakes);
// the shared test helpers in src/test render the whole app. Neither ships.
const testFiles = ['src/**/*.test.{ts,tsx}', 'src/**/*.bench.ts', 'src/**/testing/**', 'src/test/**']

const relativeImport = { regex: '^\\.', message: 'Import with the @/ alias, so the layer rules see every import.' }

function layerPattern(layer) {
  const above = layers.slice(0, layers.indexOf(layer))
  if (above.length === 0) return []
  return [
    {
      regex: `^@/(${above.join('|')})(/|$)`,
      message: `src/${layer} may import only the layers below it (${layers.join(' → ')}); move the shared code down instead.`,
    },
  ]
}

// Each feature may import the layers below (@/components, @/sync, @/db, @/protocol, @/lib) but never
// another feature: features talk through shared modules, which keeps them removable and their
// chunks separate.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const noOtherFeature = (feature) => ({
  regex: `^@/features/(?!${feature}/)`,
  message: 'Features must not import each other; move shared code to src/components or a lower layer.',
})

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const layerBoundaries = layers
  .filter((layer) => layer !== 'features')
  .map((layer) => ({ files: [`src/${layer}/**/*.{ts,tsx}`], ignores: testFiles, rules: restrict([...layerPattern(layer), relativeImport]) }))

const featureBoundaries = features.flatMap((feature) => [
  {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: restrict([noOtherFeature(feature), ...layerPattern('features'), relativeImport]),
  },
  {
    // A feature's tests may use the app's toaster, but still not another feature.
    files: testFiles.map((glob) => glob.replace('src/', `src/features/${feature}/`)),
    rules: restrict([noOtherFeature(feature), relativeImport]),
  },
])

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'coverage'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser } },
    rules: {
      // Draws must be fair and unpredictable: seeds come from crypto.getRandomValues, winners from
      // sorteio-v1 (@/protocol/draw).
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use crypto.getRandomValues; draw with sorteio-v1 (@/protocol/draw).' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], reactRefresh.configs.vite()],
  },
  ...layerBoundaries,
  ...featureBoundaries,
  {
    files: ['*.config.{js,ts}', 'scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
)
