// A TypeScript consumer file: compiled by `tsc` with the consumer's own tsconfig (moduleResolution
// `bundler`, then `node16`) against the installed package's declarations. The @ts-expect-error
// lines prove the types are real: if a type were `any`, tsc would report the unused directive.
import { RestTransport, RootStore, type EntityRecord, type WpPost, type WpPostEdited } from 'wp-entities';
import { StoreProvider, observer, useEntityRecord } from 'wp-entities/react';
import { createMockWordPress, type MockServerHandle } from 'wp-entities/testing';

export const store = new RootStore({
  transport: new RestTransport({ root: 'https://example.test/wp-json' }),
});

export async function retitle(
  id: number,
  title: string,
): Promise<EntityRecord<WpPost, WpPostEdited> | undefined> {
  const post = await store.collection<WpPost, WpPostEdited>('postType', 'post').fetch(id);
  post?.edit({ title });
  const edited: string | undefined = post?.edited?.title;
  // @ts-expect-error the edited title is a string, not a number
  const wrong: number | undefined = post?.edited?.title;
  void wrong;
  void edited;
  return post;
}

// @ts-expect-error a RootStore needs a transport
export const noTransport = new RootStore({});

export const Title = observer(function Title({ id }: { id: number }) {
  const { edited, edit, isDirty } = useEntityRecord<WpPost, WpPostEdited>('postType', 'post', id);
  return (
    <input
      value={edited?.title ?? ''}
      data-dirty={isDirty}
      onChange={(event) => edit({ title: event.target.value })}
    />
  );
});

export const App = () => (
  <StoreProvider store={store}>
    <Title id={1} />
  </StoreProvider>
);

export async function serve(): Promise<MockServerHandle> {
  return createMockWordPress().listen();
}
