/**
 * The WordPress site the `wordpress` test project runs against, as test/wordpress/globalSetup.ts
 * provides it (read from .wordpress/site.json, or from WP_* environment variables).
 *
 * @module
 */
import { inject } from 'vitest';
import type { ContractTarget } from '../contract/check.js';

/** A user of the test site with an application password. */
export interface WordPressUser {
  /** User id. */
  id: number;
  /** Login name. */
  username: string;
  /** The application password (24 characters, no spaces). */
  applicationPassword: string;
  /** `Basic base64(username:applicationPassword)`, ready for an `Authorization` header. */
  authorization: string;
}

/** The test site. */
export interface WordPressSite {
  /** Home URL without a trailing slash (`http://127.0.0.1:8889`). */
  url: string;
  /** REST root without a trailing slash (`http://127.0.0.1:8889/wp-json`). */
  restRoot: string;
  /**
   * An administrator and an author; the local site (scripts/wordpress) also has an editor, a
   * contributor and a subscriber.
   */
  users: {
    admin: WordPressUser;
    author: WordPressUser;
    editor?: WordPressUser;
    contributor?: WordPressUser;
    subscriber?: WordPressUser;
  };
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The site of the `wordpress` test project. */
    wordpressSite: WordPressSite;
  }
}

/** The site this test run uses. */
export function wordpressSite(): WordPressSite {
  return inject('wordpressSite');
}

/** The site as a contract target. */
export function contractTarget(site: WordPressSite = wordpressSite()): ContractTarget {
  return {
    root: site.restRoot,
    users: {
      admin: { id: site.users.admin.id, authorization: site.users.admin.authorization },
      author: { id: site.users.author.id, authorization: site.users.author.authorization },
    },
  };
}
