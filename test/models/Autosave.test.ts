import { describe, expect, it } from 'vitest';
import {
  autosaveOf,
  buildAutosavePayload,
  readAutosaveResponse,
  type Autosave,
} from '../../models/Autosave.js';

const persisted = {
  id: 7,
  status: 'publish',
  title: 'Saved title',
  excerpt: 'Saved excerpt',
  content: 'Saved content',
  meta: { a: 1 },
  author: 1,
};

const previous: Autosave = {
  id: 70,
  parent: 7,
  author: 1,
  title: { raw: 'Autosaved title', rendered: 'Autosaved title' },
  excerpt: { raw: 'Autosaved excerpt', rendered: '<p>Autosaved excerpt</p>' },
  content: { raw: 'Autosaved content', rendered: '<p>Autosaved content</p>' },
};

describe('buildAutosavePayload', () => {
  it('takes edits first, then the previous autosave, then the persisted record, as raw values', () => {
    expect(buildAutosavePayload({ title: 'Edited' }, previous, persisted)).toEqual({
      status: 'publish',
      title: 'Edited',
      excerpt: 'Autosaved excerpt',
      content: 'Autosaved content',
      meta: { a: 1 },
    });
  });

  it('falls back to the persisted raw values without a previous autosave', () => {
    expect(buildAutosavePayload({ content: 'New' }, undefined, persisted)).toEqual({
      status: 'publish',
      title: 'Saved title',
      excerpt: 'Saved excerpt',
      content: 'New',
      meta: { a: 1 },
    });
  });

  it('sends an auto-draft as a draft', () => {
    const draft = { ...persisted, status: 'auto-draft' };
    expect(buildAutosavePayload({}, undefined, draft).status).toBe('draft');
    expect(buildAutosavePayload({ status: 'auto-draft' }, undefined, persisted).status).toBe('draft');
  });

  it('sends only status, title, excerpt, content and meta', () => {
    const payload = buildAutosavePayload({ slug: 'x', author: 3 }, undefined, persisted);
    expect(Object.keys(payload).sort()).toEqual(['content', 'excerpt', 'meta', 'status', 'title']);
  });
});

describe('readAutosaveResponse', () => {
  it('treats an answer with the post id as an update of title, excerpt, content', () => {
    const draft = { ...persisted, status: 'draft' };
    const sent = buildAutosavePayload({ title: 'T2' }, undefined, draft);
    const answer = { ...draft, title: { raw: 'T2', rendered: 'T2' }, author: 9, meta: { a: 2 } };
    expect(readAutosaveResponse('id', draft, sent, answer)).toEqual({
      kind: 'record',
      update: {
        id: 7,
        title: { raw: 'T2', rendered: 'T2' },
        excerpt: 'Saved excerpt',
        content: 'Saved content',
      },
    });
  });

  it('turns an auto-draft into a draft when the server answers with the post', () => {
    const autoDraft = { ...persisted, status: 'auto-draft' };
    const sent = buildAutosavePayload({}, undefined, autoDraft);
    const outcome = readAutosaveResponse('id', autoDraft, sent, { id: 7, status: 'draft' });
    expect(outcome.kind === 'record' && outcome.update.status).toBe('draft');
  });

  it('treats an answer with another id as a new autosave', () => {
    const sent = buildAutosavePayload({ title: 'x' }, undefined, persisted);
    const answer = { id: 71, parent: 7, author: 1, title: { raw: 'x' } };
    expect(readAutosaveResponse('id', persisted, sent, answer)).toEqual({
      kind: 'autosave',
      autosave: answer,
    });
  });
});

describe('autosaveOf', () => {
  it('finds the autosave of an author', () => {
    const other = { ...previous, id: 80, author: 2 };
    expect(autosaveOf([previous, other], 2)).toBe(other);
    expect(autosaveOf([previous], 3)).toBeUndefined();
    expect(autosaveOf([previous], undefined)).toBeUndefined();
    expect(autosaveOf(undefined, 1)).toBeUndefined();
  });
});
