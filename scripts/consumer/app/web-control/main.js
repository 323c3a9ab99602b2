/* global document */
// The control app: it imports the test kit, so the bundle check must find msw and the kit in it.
// If it did not, the check on the real app would prove nothing.
import { createMockWordPress } from 'wp-entities/testing';

const wordpress = createMockWordPress();
document.getElementById('status').textContent = String(wordpress.handlers.length);
