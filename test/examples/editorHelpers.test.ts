import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../examples/editor/src/post/lineDiff.js';
import { changeEnd } from '../../examples/editor/src/text/textChange.js';
import { parseRoute, hrefOf } from '../../examples/editor/src/app/router.js';

describe('the revision diff', () => {
  it('pairs unchanged lines and marks removed and added ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('shows identical text as unchanged lines only', () => {
    expect(lineDiff('x\ny', 'x\ny').every((row) => row.kind === 'same')).toBe(true);
  });
});

describe('the editor routes', () => {
  it('reads and writes the new-post, trash and edit addresses', () => {
    expect(parseRoute('#/post/new')).toEqual({ screen: 'new', type: 'post' });
    expect(parseRoute('#/pages/trash')).toEqual({ screen: 'list', type: 'page', status: 'trash' });
    expect(parseRoute('#/post/12')).toEqual({ screen: 'edit', type: 'post', id: 12 });
    expect(hrefOf({ screen: 'list', type: 'post', status: 'trash' })).toBe('#/posts/trash');
    expect(hrefOf({ screen: 'new', type: 'page' })).toBe('#/page/new');
  });

  it('shows the post list for an address it does not know, such as #unsaved', () => {
    expect(parseRoute('#unsaved')).toEqual({ screen: 'list', type: 'post' });
  });
});

describe('the caret after an undo', () => {
  it('goes to the end of what changed, not to the end of the text', () => {
    expect(changeEnd('Notes big from the marsh', 'Notes from the marsh')).toBe(6);
    expect(changeEnd('Notes from the marsh', 'Notes big from the marsh')).toBe(10);
    expect(changeEnd('abc', 'abc')).toBe(3);
  });
});
