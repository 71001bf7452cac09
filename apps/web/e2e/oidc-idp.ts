import { startIdp } from '@naav/server/oidc-testing';
import { e2eIdpPort, e2eOrigin, e2eSso } from './support';

// The browser tests' OpenID provider (the agency's single sign-on): its own sign-in and consent
// pages, where whoever types an address signs in as that address.
const idp = await startIdp({
  port: e2eIdpPort,
  clientId: e2eSso.clientId,
  clientSecret: e2eSso.clientSecret,
  redirectUri: `${e2eOrigin}/api/auth/callback/oidc`,
});
console.log(`OpenID provider listening at ${idp.issuer}`);
const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
