import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devServerOptions } from './dev-server';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: devServerOptions(process.env),
  // The manifest (dist/.vite/manifest.json) lets `pnpm bench` measure each route's initial JavaScript.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
