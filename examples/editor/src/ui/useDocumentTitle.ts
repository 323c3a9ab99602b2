import { useEffect } from 'react';

/** The page title the editor starts with. */
const BASE_TITLE = 'wp-entities · example editor';

/** Sets the tab title to `title` (with a leading `●` while `isDirty`) while the component is shown. */
export function useDocumentTitle(title: string, isDirty: boolean): void {
  useEffect(() => {
    document.title = `${isDirty ? '● ' : ''}${title} · ${BASE_TITLE}`;
    return () => {
      document.title = BASE_TITLE;
    };
  }, [title, isDirty]);
}
