/**
 * What a jsdom test of the editor's rich-text field needs before it renders one (import it for its
 * effect): React's `act` environment, and `contentEditable` as a property. jsdom has only the
 * attribute, and rich text reads the property before it handles a selection; it is reflected here
 * as browsers reflect it.
 *
 * @module
 */

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

Object.defineProperty(HTMLElement.prototype, 'contentEditable', {
  configurable: true,
  get(this: HTMLElement) {
    return this.getAttribute('contenteditable') ?? 'inherit';
  },
  set(this: HTMLElement, value: string) {
    this.setAttribute('contenteditable', value);
  },
});

export {};
