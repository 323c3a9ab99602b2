/**
 * Writes a text block as WordPress 6.1's block editor saves it, so that a block the editor wrote
 * and a block WordPress wrote look the same in the stored content.
 *
 * @module
 */
import type { TextBlockModel } from './types.js';

/** The lines of a list or quote: one item or paragraph per line (an empty line is an empty item, so Enter can start one). */
export function linesOf(text: string): string[] {
  return text.split('\n');
}

function commentAttrs(attrs: Record<string, unknown>): string {
  return Object.keys(attrs).length === 0 ? '' : ` ${JSON.stringify(attrs)}`;
}

/** The block markup of a text block (comments included). */
export function renderTextBlock(block: TextBlockModel): string {
  switch (block.type) {
    case 'paragraph':
      return `<!-- wp:paragraph -->\n<p>${block.text}</p>\n<!-- /wp:paragraph -->`;
    case 'heading': {
      const level = block.level ?? 2;
      // Level 2 is the block's default and is not written, as WordPress does.
      const attrs = commentAttrs(level === 2 ? {} : { level });
      return `<!-- wp:heading${attrs} -->\n<h${level}>${block.text}</h${level}>\n<!-- /wp:heading -->`;
    }
    case 'list': {
      const tag = block.isOrdered ? 'ol' : 'ul';
      const items = linesOf(block.text)
        .map((item) => `<!-- wp:list-item -->\n<li>${item}</li>\n<!-- /wp:list-item -->`)
        .join('\n\n');
      const attrs = commentAttrs(block.isOrdered ? { ordered: true } : {});
      return `<!-- wp:list${attrs} -->\n<${tag}>${items}</${tag}>\n<!-- /wp:list -->`;
    }
    case 'quote': {
      const paragraphs = linesOf(block.text)
        .map((line) => `<!-- wp:paragraph -->\n<p>${line}</p>\n<!-- /wp:paragraph -->`)
        .join('\n\n');
      return `<!-- wp:quote -->\n<blockquote class="wp-block-quote">${paragraphs}</blockquote>\n<!-- /wp:quote -->`;
    }
  }
}
