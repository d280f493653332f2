import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { configDefaults, defineConfig } from 'vitest/config'
import { routeKit } from './scripts/route-kit.ts'
import { routePreloads } from './scripts/route-preloads.ts'

// The Go server listens here in development; the PWA is served by Vite and calls it through the proxy,
// so cookies stay same-origin exactly as in production, where one binary serves both.
// The tests of the layers below the DOM and of the build scripts; a file among them that needs a page
// says so in its first comment (`@vitest-environment jsdom`).
const nodeTests = ['src/protocol/**/*.test.ts', 'src/lib/**/*.test.ts', 'src/db/**/*.test.ts', 'scripts/**/*.test.ts']

const server = 'http://localhost:8080'
const proxy = {
  '/api': { target: server, changeOrigin: false },
  '/ws': { target: server, ws: true, changeOrigin: false },
  '/healthz': { target: server, changeOrigin: false },
}

const brand = '#6d28d9'

// React Router 7's package exports point at its development build under every condition
// (remix-run/react-router#12532): its checks and warnings ran on every phone. Its production build
// sits beside it, with the same API.
const routerBuild = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production')

const kit = routeKit(fileURLToPath(new URL('./src', import.meta.url)), fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)))

export default defineConfig({
  base: '/',
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^react-router$/, replacement: join(routerBuild, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: join(routerBuild, 'dom-export.mjs') },
      { find: /^(html2canvas|dompurify|canvg)$/, replacement: fileURLToPath(new URL('./scripts/jspdf-unused.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    kit.plugin,
    routePreloads(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)), fileURLToPath(new URL('./src', import.meta.url))),
    VitePWA({
      registerType: 'prompt',
      // Registered from React (useRegisterSW); an injected inline script would break CSP script-src 'self'.
      injectRegister: false,
      includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Sorteio',
        short_name: 'Sorteio',
        description: 'Sorteios online simples e justos: sorteio rápido sem conta, sorteios com bilhetes e acompanhamento ao vivo.',
        lang: 'pt-BR',
        dir: 'ltr',
        theme_color: brand,
        background_color: '#f5f3ff',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        categories: ['utilities', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        navigateFallback: 'index.html',
        // Server endpoints must always reach the network, never the cached app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/, /^\/healthz/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // A new version waits until the user accepts the prompt, so no draw in progress is interrupted.
        skipWaiting: false,
      },
    }),
  ],
  // ES module workers may split: the import Worker loads SheetJS only for spreadsheets.
  worker: { format: 'es' },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The ata's PDF chunk (jsPDF and its two inlined fonts, about 550 KB) loads only on the ata's page.
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { groups: [kit.group] } } },
  },
  test: {
    restoreMocks: true,
    testTimeout: 20_000,
    // Vitest leaves a core free by default: on two cores, one file at a time.
    maxWorkers: 2,
    // Two environments: the layers below the DOM (protocol, lib, db: pure logic and IndexedDB through
    // fake-indexeddb) and the build scripts run in Node, which starts in a fraction of jsdom's time;
    // components, screens, the app and the sync engine (windows, tabs, timers of the page) in jsdom.
    projects: [
      { extends: true, test: { name: 'node', environment: 'node', include: nodeTests } },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', setupFiles: ['./src/test/setup.ts'], include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...nodeTests] },
      },
    ],
  },
})
