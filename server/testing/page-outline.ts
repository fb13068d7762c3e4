// The structure of a server-rendered page as lines of text, for render tests that assert it
// exactly: headings, paragraphs, forms with their fields, tables with their rows, lists, links.
// What a reader (or a screen reader) meets, in order, without the markup's noise. It parses with
// the test's DOM: a test that uses it runs in Vitest's jsdom environment.

/** An element's text, with a space where one element ends and another starts. */
function text(node: Element): string {
  const parts: string[] = [];
  const walk = (current: Node) => {
    if (current.nodeType === current.TEXT_NODE) parts.push(current.textContent ?? '');
    else for (const child of current.childNodes) walk(child);
    if (current.nodeType === current.ELEMENT_NODE) parts.push(' ');
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A form control as `tag[type]#id "label" [options] = "value" (states)`, its label by for=. */
function control(form: Element, element: Element): string {
  const id = element.getAttribute('id');
  const label = id ? form.querySelector(`label[for="${id}"]`) : null;
  const type = element.getAttribute('type');
  const described = element.getAttribute('aria-describedby');
  const states = [
    element.hasAttribute('aria-invalid') ? 'invalid' : '',
    element.hasAttribute('checked') ? 'checked' : '',
    described ? `described by ${described}` : '',
  ].filter(Boolean);
  const options =
    element.tagName === 'SELECT'
      ? ` [${[...element.querySelectorAll('option')].map((option) => text(option)).join(' | ')}]`
      : '';
  const value = element.tagName === 'TEXTAREA' ? text(element) : element.getAttribute('value');
  return [
    `${element.tagName.toLowerCase()}${type ? `[${type}]` : ''}${id ? `#${id}` : ''}`,
    label ? ` "${text(label)}"` : '',
    options,
    value ? ` = "${value}"` : '',
    states.length ? ` (${states.join(', ')})` : '',
  ].join('');
}

/** The lines of one element and what it holds. */
function linesOf(element: Element, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const tag = element.tagName.toLowerCase();
  const role = element.getAttribute('role');
  const tagged = `${tag}${role ? `[${role}]` : ''}`;
  const children = () => [...element.children].flatMap((child) => linesOf(child, depth + 1));
  switch (tag) {
    case 'h1':
    case 'h2':
    case 'legend':
    case 'dt':
    case 'dd':
    case 'li':
    case 'span':
    case 'code':
      return [`${indent}${tagged}: ${text(element)}`];
    case 'p':
      // A field's paragraph: its parts at the paragraph's level.
      return element.querySelector('input, select, textarea')
        ? [...element.children].flatMap((child) => linesOf(child, depth))
        : [
            `${indent}${tagged}: ${text(element)}${element.querySelector('a') ? ` (link ${element.querySelector('a')?.getAttribute('href') ?? ''})` : ''}`,
          ];
    case 'a':
      return [`${indent}link ${element.getAttribute('href') ?? ''}: ${text(element)}`];
    case 'button':
      return [`${indent}button: ${text(element)}`];
    case 'label':
      return [];
    case 'input':
    case 'select':
    case 'textarea': {
      const form = element.closest('form') ?? element.ownerDocument.body;
      return element.getAttribute('type') === 'hidden'
        ? [`${indent}hidden ${element.getAttribute('name') ?? ''}`]
        : [`${indent}${control(form, element)}`];
    }
    case 'form': {
      const passkey = element.getAttribute('data-passkey');
      const method = (element.getAttribute('method') ?? 'get').toUpperCase();
      const head = passkey
        ? `form for the passkey script (${passkey})`
        : `form ${method} ${element.getAttribute('action') ?? ''}${role ? ` [${role}]` : ''}`;
      return [`${indent}${head}`, ...children()];
    }
    case 'table':
      return [
        `${indent}table: ${[...element.querySelectorAll('thead th, thead td')].map((cell) => text(cell)).join(' | ')}`,
        ...[...element.querySelectorAll('tbody tr')].map(
          (row) => `${indent}  row: ${[...row.children].map((cell) => text(cell)).join(' | ')}`,
        ),
      ];
    default: {
      const name = element.getAttribute('aria-label') ?? element.getAttribute('aria-labelledby');
      const head = ['section', 'nav', 'div', 'dl', 'ul', 'ol', 'fieldset'].includes(tag)
        ? [`${indent}${tagged}${name ? ` "${name}"` : ''}`]
        : [];
      return [...head, ...children()];
    }
  }
}

const outlineOf = (element: Element | null) =>
  element ? [...element.children].flatMap((child) => linesOf(child, 0)) : [];

/** The document's language and title, and the outlines of its header bar and main region. */
export function outline(html: string): {
  lang: string;
  title: string;
  bar: string[];
  main: string[];
} {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return {
    lang: document.documentElement.lang,
    title: document.title,
    bar: outlineOf(document.querySelector('body > header')),
    main: outlineOf(document.querySelector('main')),
  };
}
