import { useMemo, useRef } from 'react';
import type { EntityRecord } from 'wp-entities';
import type { TypingUndo } from '../../text/typingUndo.js';
import {
  convertBlock,
  insertBlock,
  moveBlock,
  removeBlock,
  updateBlock,
  updateParsedBlock,
} from './blockEdits.js';
import { parseContent } from './parseContent.js';
import { BlockCard } from './BlockCard.js';
import { BlockToolbar } from './BlockToolbar.js';
import { TextBlock } from './TextBlock.js';
import type { BlockSegment, TextBlockModel } from './types.js';

/** Props of {@link BlockEditor}. */
export interface BlockEditorProps {
  /** The post whose `content` is edited. */
  record: EntityRecord;
  /** The edited content (`record.edited.content`). */
  content: string;
  /** The editor's typing undo (one step per word or pause). */
  typing: TypingUndo;
  /** No editing. @default false */
  disabled?: boolean;
}

function modelOf(block: TextBlockModel): TextBlockModel {
  const { type, text, level, isOrdered } = block;
  return {
    type,
    text,
    ...(level === undefined ? {} : { level }),
    ...(isOrdered === undefined ? {} : { isOrdered }),
  };
}

/**
 * The post content as blocks: paragraphs, headings, lists and quotes are edited as text; other
 * blocks are cards kept byte for byte. Every change writes the whole content back through
 * `record.edit`, so undo, autosave, save and the unsaved list see one `content` field.
 */
export function BlockEditor({ record, content, typing, disabled = false }: BlockEditorProps) {
  const segments = useMemo(() => parseContent(content), [content]);
  const blocks = useMemo(
    () => segments.filter((segment): segment is BlockSegment => segment.kind !== 'gap'),
    [segments],
  );
  const fields = useRef(new Map<number, HTMLInputElement | HTMLTextAreaElement>());
  const focusNext = useRef<number | undefined>(undefined);
  const addButton = useRef<HTMLButtonElement>(null);

  // A change of structure is one undo step of its own.
  const change = (next: string, focus?: number) => {
    typing.closeStep();
    focusNext.current = focus;
    record.edit({ content: next });
    if (focus === -1) addButton.current?.focus();
  };
  const register = (index: number) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    if (!element) {
      fields.current.delete(index);
      return;
    }
    fields.current.set(index, element);
    if (focusNext.current === index) {
      focusNext.current = undefined;
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    }
  };

  return (
    <div className="block-editor" role="group" aria-label="Content blocks">
      {blocks.length === 0 ? <p className="muted">This post has no content yet.</p> : null}
      {blocks.map((block, index) => {
        const text = block.kind === 'text' ? modelOf(block) : undefined;
        return (
          <div
            className="block"
            key={`${index}:${block.kind === 'text' ? block.type : (block.blockName ?? 'html')}`}
          >
            <BlockToolbar
              block={text}
              index={index}
              count={blocks.length}
              disabled={disabled}
              onChangeType={(type) =>
                text && change(updateBlock(content, index, convertBlock(text, type)), index)
              }
              onChangeLevel={(level) =>
                text && change(updateBlock(content, index, { ...text, level }), index)
              }
              onMove={(direction) => change(moveBlock(content, index, direction), index + direction)}
              onRemove={() => change(removeBlock(content, index), index > 0 ? index - 1 : -1)}
            />
            {text ? (
              <TextBlock
                block={text}
                index={index}
                onText={(value) =>
                  typing.typeInto(
                    record,
                    'content',
                    updateParsedBlock(segments, index, { ...text, text: value }),
                    String(index),
                  )
                }
                onEnterAtEnd={() =>
                  change(insertBlock(content, index, { type: 'paragraph', text: '' }), index + 1)
                }
                onBackspaceWhenEmpty={() => change(removeBlock(content, index), index > 0 ? index - 1 : -1)}
                onBlur={typing.closeStep}
                elementRef={register(index)}
              />
            ) : block.kind === 'card' ? (
              <BlockCard block={block} />
            ) : null}
          </div>
        );
      })}
      <button
        type="button"
        ref={addButton}
        className="add-block"
        disabled={disabled}
        onClick={() =>
          change(insertBlock(content, blocks.length - 1, { type: 'paragraph', text: '' }), blocks.length)
        }
      >
        + Add paragraph
      </button>
    </div>
  );
}
