// @ts-check
/**
 * The few ways the explorer touches the document. Anything that came from a response goes in
 * through `make` as text (textContent), never as markup, so a title such as
 * `<img src=x onerror=alert(1)>` shows those characters and makes no element.
 */
import { fragmentFor } from './address.js';

/** The element with this id; the page's markup (explorer.html) holds every one asked for. @param {string} id */
export const element = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A new element holding `text`, with an optional class.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [text]
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, text = '', className = '') {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className !== '') node.className = className;
  return node;
}

/** A button that runs `action` when pressed. @param {string} text @param {() => void} action */
export function button(text, action) {
  const node = make('button', text);
  node.type = 'button';
  node.addEventListener('click', action);
  return node;
}

/**
 * Says `text` once through the page's one live region. Focus moving to a heading is not
 * always enough (a select keeps focus when it changes the view), so every change of view or
 * outcome of a write is announced here, and nowhere else: no other element is live.
 * @param {string} text
 */
export function announce(text) {
  element('announce').textContent = text;
}

/** Shows or hides a box, emptying it when hidden. @param {HTMLElement} box @param {Node[]} children */
export function fill(box, children) {
  box.replaceChildren(...children);
  box.hidden = children.length === 0;
}

/** A link to show `uri`, written into the fragment, so Back, reload and bookmarks work. @param {string} uri @param {string} text */
export function linkTo(uri, text) {
  const anchor = make('a', text);
  anchor.href = fragmentFor(uri);
  return anchor;
}
