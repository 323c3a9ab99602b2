/**
 * wp-entities: observable MobX models for the records of a WordPress site.
 *
 * @packageDocumentation
 */
export * from './errors.js';
export * from './transport/index.js';
