/**
 * Authentication headers for the WordPress REST API.
 *
 * @module
 */
import { ArgumentError } from '../errors.js';

/** An application password (WordPress 5.6+): sent as HTTP Basic authentication. */
export interface ApplicationPasswordAuth {
  /** The user's login name (or e-mail address). */
  username: string;
  /** The application password; the spaces WordPress shows in it are optional. */
  applicationPassword: string;
}

/** A REST nonce for cookie authentication (`wpApiSettings.nonce`): sent as `X-WP-Nonce`. */
export interface NonceAuth {
  /** The nonce from `wp_create_nonce('wp_rest')`. */
  nonce: string;
}

/**
 * How the transport authenticates. Cookie authentication also needs `credentials: 'include'` for another origin.
 *
 * @inline
 */
export type RestAuth = ApplicationPasswordAuth | NonceAuth;

/** Base64 of the UTF-8 bytes of `text`, with `btoa` so it runs in browsers and Node alike. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The headers that carry `auth`: `Authorization: Basic base64(user:password)` or `X-WP-Nonce`.
 *
 * @throws ArgumentError when `auth` has neither shape.
 */
export function authHeaders(auth: RestAuth | undefined): Record<string, string> {
  if (auth === undefined) return {};
  if (typeof auth === 'object' && auth !== null) {
    if ('nonce' in auth && typeof auth.nonce === 'string' && auth.nonce !== '') {
      return { 'X-WP-Nonce': auth.nonce };
    }
    if (
      'username' in auth &&
      typeof auth.username === 'string' &&
      auth.username !== '' &&
      'applicationPassword' in auth &&
      typeof auth.applicationPassword === 'string'
    ) {
      return {
        Authorization: `Basic ${base64Utf8(`${auth.username}:${auth.applicationPassword}`)}`,
      };
    }
  }
  throw new ArgumentError(
    'RestTransport option "auth" must be { username, applicationPassword } or { nonce } with non-empty strings.',
  );
}
