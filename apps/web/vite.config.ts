import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the app with HMR and forwards API calls to the server on :3000.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api },
  },
  // The manifest (dist/.vite/manifest.json) lets `pnpm bench` measure each route's initial JavaScript.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
