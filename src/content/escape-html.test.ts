import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes text exactly as React does', () => {
    const text = `/de/<script>"x"&'y'</script>`;
    expect(`<p>${escapeHtml(text)}</p>`).toBe(renderToStaticMarkup(createElement('p', null, text)));
  });
});
