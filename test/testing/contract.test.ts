import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { createMockWordPress, MOCK_USERS } from '../../src/testing/index.js';
import { defineContractSuite } from '../contract/check.js';

// Requests without credentials must be anonymous, as on a real site (the mock's default user is
// the administrator).
const mock = createMockWordPress({ currentUser: null });
const server = setupServer(...mock.handlers);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterAll(() => {
  server.close();
});

defineContractSuite('the mock WordPress answers as the REST contract says', () => ({
  root: `${mock.root.replace(/\/+$/, '')}/wp-json`,
  users: {
    admin: { id: MOCK_USERS.admin.id, authorization: MOCK_USERS.admin.authorization },
    author: { id: MOCK_USERS.author.id, authorization: MOCK_USERS.author.authorization },
  },
}));
