import { describeError } from './describeError.js';

/** An error shown where it happened, in plain words, with an optional hint of what was kept. */
export function ErrorNotice({ error, kept }: { error: unknown; kept?: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <span>{describeError(error)}</span>
      {kept ? <span className="notice-kept"> {kept}</span> : null}
    </div>
  );
}
