import { describe, expect, it } from 'vitest';
import { isMockRequest } from '../../src/testing/msw.js';

describe('the msw adapter', () => {
  const root = 'http://localhost:5173/wp';

  it('takes REST and find-template requests under the root', () => {
    expect(isMockRequest(root, 'http://localhost:5173/wp/wp-json/wp/v2/posts')).toBe(true);
    expect(isMockRequest(root, 'http://localhost:5173/wp/wp-json')).toBe(true);
    expect(isMockRequest(root, 'http://localhost:5173/wp/?rest_route=/wp/v2/posts')).toBe(true);
    expect(isMockRequest(root, 'http://localhost:5173/wp/hello-world/?_wp-find-template=true')).toBe(true);
  });

  it("lets the app's own files and other origins pass through", () => {
    expect(isMockRequest(root, 'http://localhost:5173/src/main.tsx')).toBe(false);
    expect(isMockRequest(root, 'http://localhost:5173/wp/hello-world/')).toBe(false);
    expect(isMockRequest(root, 'http://localhost:8888/wp/wp-json/wp/v2/posts')).toBe(false);
    expect(isMockRequest(root, 'http://localhost:5173/wpx/wp-json/wp/v2/posts')).toBe(false);
  });
});
