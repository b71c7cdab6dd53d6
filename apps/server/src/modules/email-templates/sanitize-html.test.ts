import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<IMG SRC="javascript:alert(1)">', '<img>'],
    ['<a href="  JaVa\tScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['<p style="color: expression(alert(1)); font-weight: bold">x</p>', '<p style="font-weight: bold">x</p>'],
    ['<p style="background-color: url(javascript:x)">x</p>', '<p>x</p>'],
    ['<div><form action="https://evil.test"><input name="q"></form>kept</div>', '<div>kept</div>'],
    ['<p title="&quot; onmouseover=&quot;x">t</p>', '<p>t</p>'],
    [
      '<a href="https://x.test/?a=1&amp;b=2" title="a &quot;b&quot;">x</a>',
      '<a href="https://x.test/?a=1&amp;b=2" title="a &quot;b&quot;">x</a>',
    ],
    ['<td colspan="2" rowspan="x">c</td>', '<td colspan="2">c</td>'],
    ['a < b & c', 'a &lt; b &amp; c'],
    ['<p>{{customer.first_name}}</p>', '<p>{{customer.first_name}}</p>'],
    ['<a href="{{customer.website}}">x</a>', '<a>x</a>'],
    ['<base href="https://evil.test/"><meta http-equiv="refresh" content="0">x', 'x'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('keeps an empty body empty', () => {
    expect(sanitizeHtml('  ')).toBe('');
  });
});

describe('htmlToText', () => {
  it('writes paragraphs, line breaks, list items and links as plain text', () => {
    expect(
      htmlToText(
        '<p>Hi <b>Amy</b>,</p><p>line<br>two</p><ul><li>one</li><li>two</li></ul><a href="https://x.test">shop</a>',
      ),
    ).toBe('Hi Amy,\nline\ntwo\n- one\n- two\nshop (https://x.test)');
  });
});
