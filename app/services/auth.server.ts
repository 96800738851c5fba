/**
 * remix-auth v4: a form strategy for local accounts (the embedded default) and,
 * when `OAUTH_*` is configured, an OAuth2/OIDC strategy. The app commits its own
 * session (see session.server.ts); strategies only return the user.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { User } from "../../db/schema";
import { findOrCreateOAuthUser } from "~/models/accounts.server";
import { verifyLogin } from "~/models/users.server";
import { COOKIES, secureCookies } from "./cookies.server";
import { getEnv, isOAuthConfigured } from "~/platform/env.server";

/** Thrown by the form strategy for any wrong email/password pair; the message never says which part was wrong. */
export class InvalidCredentialsError extends Error {
  constructor() {
    super("Invalid email or password.");
  }
}

/** Thrown when the provider does not vouch for the user's email address. */
export class UnverifiedEmailError extends Error {
  constructor() {
    super("Your identity provider did not confirm a verified email address.");
  }
}

export const FORM_STRATEGY = "form";
export const OAUTH_STRATEGY = "oauth";
export const OAUTH_PROVIDER = "oidc";

interface OAuthEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
}

const discoverySchema = z.object({
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

/** Endpoints from `OAUTH_ISSUER`'s discovery document, or the explicit `OAUTH_*_URL`s. */
async function resolveEndpoints(): Promise<OAuthEndpoints> {
  const env = getEnv();
  if (env.OAUTH_ISSUER) {
    const url = new URL(".well-known/openid-configuration", env.OAUTH_ISSUER.endsWith("/") ? env.OAUTH_ISSUER : `${env.OAUTH_ISSUER}/`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`OIDC discovery failed at ${url}: ${response.status}`);
    const doc = discoverySchema.parse(await response.json());
    return { authorizationEndpoint: doc.authorization_endpoint, tokenEndpoint: doc.token_endpoint, userinfoEndpoint: doc.userinfo_endpoint };
  }
  return {
    authorizationEndpoint: env.OAUTH_AUTHORIZATION_URL!,
    tokenEndpoint: env.OAUTH_TOKEN_URL!,
    userinfoEndpoint: env.OAUTH_USERINFO_URL!,
  };
}

const userinfoSchema = z.object({
  sub: z.union([z.string(), z.number()]).transform(String),
  email: z.string().email().optional(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** The site's public origin: APP_URL, else http://localhost:PORT. */
export function appOrigin(): string {
  const env = getEnv();
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

async function createOAuthStrategy(): Promise<OAuth2Strategy<User>> {
  const env = getEnv();
  const endpoints = await resolveEndpoints();
  return new OAuth2Strategy<User>(
    {
      clientId: env.OAUTH_CLIENT_ID!,
      clientSecret: env.OAUTH_CLIENT_SECRET ?? null,
      authorizationEndpoint: endpoints.authorizationEndpoint,
      tokenEndpoint: endpoints.tokenEndpoint,
      redirectURI: `${appOrigin()}/api/callback`,
      scopes: env.OAUTH_SCOPES.split(/[\s,]+/).filter(Boolean),
      cookie: { name: COOKIES.oauth.name, sameSite: "Lax", httpOnly: true, path: "/", ...(secureCookies() ? { secure: true as const } : {}) },
    },
    async ({ tokens }) => {
      const response = await fetch(endpoints.userinfoEndpoint, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`userinfo request failed: ${response.status}`);
      const info = userinfoSchema.parse(await response.json());
      const verified = info.email_verified === true || info.email_verified === "true";
      if (!info.email || !verified) throw new UnverifiedEmailError();
      const [first, ...rest] = (info.name ?? "").split(" ");
      return findOrCreateOAuthUser({
        provider: OAUTH_PROVIDER,
        subject: info.sub,
        email: info.email,
        firstName: info.given_name ?? (first || null),
        lastName: info.family_name ?? (rest.join(" ") || null),
      });
    },
  );
}

let formAuthenticator: Authenticator<User> | undefined;

/**
 * The authenticator for local accounts. It needs no network, so email and
 * password sign-in keeps working when the OAuth provider is down.
 */
export function getFormAuthenticator(): Authenticator<User> {
  if (!formAuthenticator) {
    formAuthenticator = new Authenticator<User>();
    formAuthenticator.use(
      new FormStrategy<User>(async ({ form }) => {
        const email = form.get("email");
        const password = form.get("password");
        if (typeof email !== "string" || typeof password !== "string") throw new InvalidCredentialsError();
        const user = await verifyLogin(email, password);
        if (!user) throw new InvalidCredentialsError();
        return user;
      }),
      FORM_STRATEGY,
    );
  }
  return formAuthenticator;
}

let oauthAuthenticator: Promise<Authenticator<User>> | undefined;

/**
 * The authenticator for the configured OAuth2/OIDC provider. OIDC discovery
 * runs on first use; a failed discovery is retried on the next call.
 * @throws Error when OAuth is not configured or discovery fails.
 */
export function getOAuthAuthenticator(): Promise<Authenticator<User>> {
  if (!isOAuthConfigured()) return Promise.reject(new Error("OAuth is not configured"));
  oauthAuthenticator ??= createOAuthStrategy()
    .then((strategy) => {
      const auth = new Authenticator<User>();
      auth.use(strategy, OAUTH_STRATEGY);
      return auth;
    })
    .catch((error) => {
      oauthAuthenticator = undefined;
      throw error;
    });
  return oauthAuthenticator;
}
