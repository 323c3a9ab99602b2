import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  ConflictError,
  isArgumentError,
  isConflictError,
  isRestError,
  isStoreDisposedError,
  isWpEntitiesError,
  RestError,
  StoreDisposedError,
} from '../../core/errors.js';

/** An error as another bundled copy of the library makes it: same name, different class. */
function fromAnotherCopy(name: string): Error {
  const error = new Error('made by another copy');
  error.name = name;
  return error;
}

describe('the isX error guards', () => {
  it('know their own class and its errors from another copy of the library', () => {
    const rest = new RestError({ status: 500, code: 'http_error', message: 'boom' });
    expect(isRestError(rest)).toBe(true);
    expect(isRestError(fromAnotherCopy('RestError'))).toBe(true);
    expect(isStoreDisposedError(new StoreDisposedError('edit'))).toBe(true);
    expect(isArgumentError(fromAnotherCopy('ArgumentError'))).toBe(true);
  });

  it('say no to other errors and to non-errors that merely carry the name', () => {
    expect(isRestError(new ArgumentError('bad'))).toBe(false);
    expect(isConflictError(new Error('ConflictError'))).toBe(false);
    expect(isConflictError({ name: 'ConflictError', message: 'a plain object' })).toBe(false);
    expect(isArgumentError(undefined)).toBe(false);
    expect(isWpEntitiesError(fromAnotherCopy('RestError'))).toBe(false);
    expect(isWpEntitiesError(new ConflictError('postType', 'post', 1, ['title']))).toBe(true);
  });
});
