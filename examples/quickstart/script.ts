import { RestTransport, RootStore } from 'wp-entities';
import { createMockWordPress, MOCK_USERS } from 'wp-entities/testing';

// A WordPress 6.1 in memory, on 127.0.0.1. For your own site, pass its REST root
// (https://example.com/wp-json) and an application password (Users → Profile) instead.
const server = await createMockWordPress().listen();
const { username, appPassword } = MOCK_USERS.admin;
const store = new RootStore({
  transport: new RestTransport({ root: server.root, auth: { username, applicationPassword: appPassword } }),
});

const latest = await store.collection('postType', 'post').query({ per_page: 3 }).fetch();
for (const post of latest.records ?? []) console.log(post.id, post.edited?.title);

const post = latest.records?.[0];
if (post === undefined) throw new Error('The site has no posts.');
post.edit({ title: 'Edited from a script' });
console.log(post.isDirty); // true: an unsaved edit
await post.save(); // PUT /wp/v2/posts/27
console.log(post.isDirty, post.persisted?.title); // false { raw: 'Edited from a script', … }

store.undo(); // the title before comes back, as an unsaved edit
console.log(post.edited?.title, post.isDirty); // 'Release notes for version 2.1' true
await post.save();

store.dispose();
await server.close();
