// Imports the built package through its `exports` map, as a user's plain Node script would.
import assert from 'node:assert/strict';

const root = await import('wp-entities');
assert.equal(typeof root.RestError, 'function', 'wp-entities exports RestError');
const testing = await import('wp-entities/testing');
assert.equal(typeof testing.createMockWordPress, 'function', 'wp-entities/testing exports createMockWordPress');
console.log('dist smoke: wp-entities and wp-entities/testing import from plain Node');
