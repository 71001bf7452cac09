import { setupServer } from 'msw/node';

/** The fake network every component test talks to; tests add handlers per case. */
export const server = setupServer();
