import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { srcAlias } from './alias.ts';
import { prerender } from './prerender/plugin.ts';
import { offlinePage } from './pwa/offline-page.ts';

const localesDir = new URL('./src/locales', import.meta.url).pathname;

// React Router 7 exports only its development build (dev warnings and checks) under every condition,
// so a production build names its production files itself (0.4 KB less on the landing route).
const reactRouterProduction = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      srcAlias,
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
    ],
  },
  plugins: [
    react(),
    prerender(),
    offlinePage(localesDir),
    // The installable app: the web app manifest and the service worker (pwa/sw.ts). Registered by
    // the page itself after it loaded (src/lib/pwa), never by an injected script: the landing
    // route's first load carries none of it, and the CSP allows no inline script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'pwa',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // Vite's dev server runs without a worker: nothing cached can hide a change being made.
      devOptions: { enabled: false },
      includeAssets: [],
      injectManifest: {
        // The app's code and styles, the icons and the offline page; not the prerendered pages
        // (always fetched, so never stale), not source maps, not the blog's and flags' pictures.
        globPatterns: ['assets/*.{js,css}', 'offline.{html,css,js}', 'favicon.svg', 'icons/*.png'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'NumberNest',
        short_name: 'NumberNest',
        description: 'Rent virtual phone numbers and receive SMS codes in seconds.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        categories: ['utilities', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'My numbers', url: '/dashboard/my-number', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
          { name: 'Buy a number', url: '/dashboard/buy-number', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
        ],
      },
    }),
  ],
  build: {
    sourcemap: 'hidden', // no public source maps: written, not referenced, not uploaded (stacks/web.ts)
    chunkSizeWarningLimit: 600,
    // What every page needs (React, the router, the shell) is one file rather than half a dozen small
    // ones the pages' chunks also share: each file is a request and a task on a slow phone.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
}));
