import type { CardSegment } from './types.js';

/** A short plain-text preview of a block's markup. */
function previewOf(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

/** A block the editor keeps as it is (image, embed, columns, classic HTML): its name and a preview. */
export function BlockCard({ block }: { block: CardSegment }) {
  const name = block.blockName === null ? 'Classic HTML' : block.blockName.replace(/^core\//, '');
  // The whole source: a block with inner blocks (quote, columns) has their text only there.
  const preview = previewOf(block.source);
  const url = typeof block.attrs['url'] === 'string' ? block.attrs['url'] : undefined;
  return (
    <div className="block-card" data-testid="block-card">
      <span className="block-card-name">{name}</span>
      <span className="block-card-preview">{preview || url || 'No text'}</span>
      <span className="block-card-note">Kept as it is</span>
    </div>
  );
}
