/** The build's name (vite.config.ts `define`); absent in tests. */
declare const __APP_VERSION__: string | undefined;
