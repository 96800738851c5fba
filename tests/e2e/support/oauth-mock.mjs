#!/usr/bin/env node
/**
 * A real OIDC provider for the browser tests (oauth2-mock-server on 127.0.0.1).
 * It signs in one fixed identity, with a verified email.
 * Usage: node tests/e2e/support/oauth-mock.mjs <port>
 */
import { OAuth2Server } from "oauth2-mock-server";

export const OAUTH_IDENTITY = {
  sub: "oidc-e2e-user",
  email: "olivia.oauth@example.com",
  email_verified: true,
  given_name: "Olivia",
  family_name: "Oauth",
};

const port = Number(process.argv[2] ?? 3199);
const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeUserinfo", (response) => {
  response.body = OAUTH_IDENTITY;
});
await server.start(port, "127.0.0.1");
console.log(`[oauth-mock] issuer ${server.issuer.url}`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.stop().finally(() => process.exit(0));
  });
}
