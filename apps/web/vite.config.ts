import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { constants as zlib } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { devServerOptions } from './dev-server';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text file of 1 KB or more (name.js.br, name.js.gz), made
    // once here at the strongest settings; the server sends the one the browser accepts.
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      exclude: /^\.vite\//,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  server: devServerOptions(process.env),
  // The manifest (dist/.vite/manifest.json) lets `pnpm bench` measure each route's initial JavaScript.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
