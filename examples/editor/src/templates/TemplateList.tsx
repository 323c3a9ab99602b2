import { observer, useEntityRecords } from 'wp-entities/react';
import { ErrorNotice } from '../ui/ErrorNotice.js';
import { textOf } from '../ui/format.js';

interface Template {
  id: string;
  slug: string;
  title: unknown;
  description?: string;
  source?: string;
  area?: string;
}

const TemplateTable = observer(function TemplateTable({ name, label }: { name: string; label: string }) {
  const list = useEntityRecords<Template>('postType', name, { per_page: -1 });
  return (
    <section aria-label={label}>
      <h2 className="panel-heading">
        {label} {list.totalItems !== null ? <span className="muted">({list.totalItems})</span> : null}
      </h2>
      {list.error ? <ErrorNotice error={list.error} /> : null}
      {list.records === null ? (
        <p className="loading">{list.error ? '' : 'Loading…'}</p>
      ) : (
        <table className="rows">
          <thead>
            <tr>
              <th>Title</th>
              <th>Slug</th>
              <th>Description</th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((record) => (
              <tr key={String(record.id)}>
                <td>{record.title}</td>
                <td>
                  <code>{record.edited?.slug}</code>
                </td>
                <td>{textOf(record.edited?.description) || '—'}</td>
                <td>{record.edited?.source === 'custom' ? 'Customized' : 'Theme'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
});

/** The templates and template parts of the active theme. */
export function TemplateList() {
  return (
    <section className="templates" aria-label="Templates">
      <h1>Templates</h1>
      <TemplateTable name="wp_template" label="Templates" />
      <TemplateTable name="wp_template_part" label="Template parts" />
    </section>
  );
}
