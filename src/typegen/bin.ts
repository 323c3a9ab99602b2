#!/usr/bin/env node
/**
 * The `wp-entities-types` bin: runs {@link runTypegen} with the process's arguments and exits with
 * its code (see `EXIT_CODES`).
 *
 * @module
 */
import { runTypegen } from './cli.js';

process.exitCode = await runTypegen(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
