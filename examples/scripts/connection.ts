/**
 * Where the example scripts connect: a WordPress REST root and, optionally, an application
 * password, from the environment (`WP_URL`, `WP_USER`, `WP_APP_PASSWORD`).
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { ArgumentError, type RestTransportOptions } from 'wp-entities';

/** What a script needs to reach a site. */
export type Connection = Pick<RestTransportOptions, 'root' | 'auth'>;

/**
 * The connection the environment names.
 * @throws ArgumentError when `WP_URL` is missing, or only one of `WP_USER` and `WP_APP_PASSWORD` is set.
 */
export function connectionFromEnv(env: NodeJS.ProcessEnv = process.env): Connection {
  const root = env.WP_URL;
  if (root === undefined || root === '') {
    throw new ArgumentError(
      'Set WP_URL to the REST root of your site (https://example.com/wp-json), and WP_USER and WP_APP_PASSWORD to an application password to edit.',
    );
  }
  const username = env.WP_USER;
  const applicationPassword = env.WP_APP_PASSWORD;
  if ((username === undefined) !== (applicationPassword === undefined)) {
    throw new ArgumentError('Set both WP_USER and WP_APP_PASSWORD, or neither (to read as a visitor).');
  }
  return username === undefined || applicationPassword === undefined
    ? { root }
    : { root, auth: { username, applicationPassword } };
}

/** True when the module at `moduleUrl` is the script Node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === process.argv[1];
}
