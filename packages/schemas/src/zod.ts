/**
 * zod as every schema here uses it. In a browser zod never compiles parsers with `new Function`:
 * the app's Content-Security-Policy forbids eval, and even zod's caught probe for it is reported as
 * a violation. The server keeps the compiled (faster) parsers. Each module imports zod from here,
 * so no schema can be parsed before this setting.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
