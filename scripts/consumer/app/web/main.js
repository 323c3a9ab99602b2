/* global document */
// A tiny app that imports only the root entry: what a script-style user ships.
import { RestTransport, RootStore } from 'wp-entities';

const store = new RootStore({ transport: new RestTransport({ root: '/wp-json' }) });
void store
  .collection('postType', 'post')
  .fetch(1)
  .then((post) => {
    document.getElementById('status').textContent = post?.edited?.title ?? 'no post';
  });
