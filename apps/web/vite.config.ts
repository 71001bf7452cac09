import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { devServerOptions } from './dev-server';

/**
 * sonner adds its stylesheet as an inline <style> when it loads, which the server's
 * Content-Security-Policy refuses (style-src 'self'). The app serves the same stylesheet from its
 * CSS file (packages/ui/src/styles.css), so the build drops the injection; a sonner that injects
 * differently fails the build here instead of failing the policy in a browser.
 */
function sonnerStylesFromFile(): Plugin {
  const injector = 'function __insertCSS(code) {';
  return {
    name: 'naav:sonner-styles-from-file',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(injector)) throw new Error(`sonner no longer declares "${injector}": check how it adds its styles`);
      return { code: code.replace(injector, `${injector} return;`), map: null };
    },
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), sonnerStylesFromFile()],
  server: devServerOptions(process.env),
  // The manifest (dist/.vite/manifest.json) lets `pnpm bench` measure each route's initial JavaScript.
  build: { target: 'es2022', sourcemap: false, manifest: true },
});
