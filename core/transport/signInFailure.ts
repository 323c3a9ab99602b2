/**
 * What a 401 or 403 means for the person who has to fix it. WordPress's own text ("Sorry, you are
 * not allowed to edit this post.") does not say whether the credentials were wrong or the user may
 * not do this, and WordPress cannot tell the two apart when an application password is wrong: it
 * treats the request as a visitor's. The transport knows whom it tried to sign in as, so the error
 * says who that was and the likely cause.
 *
 * @module
 */
import { RestError } from '../errors.js';

/** Whom a transport's requests try to sign in as. */
export type SignInIdentity =
  | { readonly kind: 'application-password'; readonly username: string }
  | { readonly kind: 'nonce' }
  | { readonly kind: 'other' }
  | { readonly kind: 'none' };

/** Reads the identity from the headers every request carries (`Authorization`, `X-WP-Nonce`). */
export function signInIdentityOf(headers: Readonly<Record<string, string>>): SignInIdentity {
  let authorization: string | undefined;
  let hasNonce = false;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') authorization = value;
    else if (lower === 'x-wp-nonce') hasNonce = true;
  }
  if (authorization !== undefined) {
    const username = basicUsername(authorization);
    return username === undefined ? { kind: 'other' } : { kind: 'application-password', username };
  }
  return hasNonce ? { kind: 'nonce' } : { kind: 'none' };
}

/** The login of a `Basic` header, or `undefined` for another scheme or a header that does not decode. */
function basicUsername(authorization: string): string | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) return undefined;
  let decoded: string;
  try {
    const binary = atob(match[1]);
    decoded = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

/** The sentence naming the user and the likely cause of a 401 or 403 (WordPress answers 401 to visitors, 403 to users). */
function likelyCause(status: 401 | 403, identity: SignInIdentity): string {
  if (status === 401) {
    switch (identity.kind) {
      case 'application-password':
        return `The site did not sign in "${identity.username}": the application password is probably wrong, revoked or another user's (make one under Users → Profile → Application Passwords), so WordPress answered as to a visitor.`;
      case 'nonce':
        return 'The site did not sign anyone in with the REST nonce: the nonce has probably expired or the login cookie was not sent (another origin needs credentials: "include").';
      case 'other':
        return 'The site did not accept the Authorization header this transport sends, so WordPress answered as to a visitor.';
      case 'none':
        return 'The request carried no credentials, so WordPress answered as to a visitor: give RestTransport auth: { username, applicationPassword } to act as a user.';
    }
  }
  const who =
    identity.kind === 'application-password'
      ? `"${identity.username}" is signed in but`
      : 'The signed-in user';
  return `${who} lacks the capability this needs: their role does not allow it, or the record is someone else's.`;
}

/**
 * `error` with its message extended by who the transport signed in as and the likely cause, when it
 * is a 401 or 403; any other error as it is. Status, code, data, method, URL and cause are kept.
 */
export function explainSignInFailure(error: RestError, identity: SignInIdentity): RestError {
  if (error.status !== 401 && error.status !== 403) return error;
  return new RestError({
    status: error.status,
    code: error.code,
    message: `${error.message} (HTTP ${error.status} ${error.code}) ${likelyCause(error.status, identity)}`,
    data: error.data,
    ...(error.method === undefined ? {} : { method: error.method }),
    ...(error.url === undefined ? {} : { url: error.url }),
    ...(error.cause === undefined ? {} : { cause: error.cause }),
  });
}
