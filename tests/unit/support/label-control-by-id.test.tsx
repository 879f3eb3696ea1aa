/**
 * The label shim (support/label-control-by-id.ts, installed by setup.ts)
 * answers every label's control as jsdom's own walk does: by id in a
 * document, nested, hidden and unlabelable elements, repeated and moved ids,
 * and labels outside the document.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsdomLabelControl } from './label-control-by-id';

afterEach(() => {
  document.body.innerHTML = '';
});

const CASES: Array<[string, string]> = [
  ['for names an input', '<label for="a">A</label><input id="a">'],
  ['for names an input placed before the label', '<input id="a"><label for="a">A</label>'],
  ['for names a div (not labelable)', '<label for="a">A</label><div id="a"></div>'],
  ['for names a hidden input (not labelable)', '<label for="a">A</label><input type="hidden" id="a">'],
  ['for names no element', '<label for="nada">A</label><input id="a">'],
  ['for is empty', '<label for="">A <input id="a"></label>'],
  ['no for: the first labelable inside', '<label>A <span><select id="s"></select></span><input id="b"></label>'],
  ['no for, nothing labelable inside', '<label>A <span>B</span></label><input id="a">'],
  ['a repeated id: the first in tree order (a div)', '<div id="a"></div><label for="a">A</label><input id="a">'],
  ['a repeated id: the first in tree order (a textarea)', '<textarea id="a"></textarea><label for="a">A</label><input id="a">'],
  ['for wins over a nested control', '<label for="b">A <input id="a"></label><input id="b">'],
];

describe('a label’s control, answered by id', () => {
  it.each(CASES)('%s', (_name, html) => {
    document.body.innerHTML = html;
    const labels = [...document.querySelectorAll('label')];
    for (const label of labels) expect(label.control).toBe(jsdomLabelControl(label));
  });

  it('follows an id that moves to another element', () => {
    document.body.innerHTML = '<label for="a">A</label><input id="a"><textarea></textarea>';
    const label = document.querySelector('label')!;
    const textarea = document.querySelector('textarea')!;
    expect(label.control).toBe(document.querySelector('input'));
    document.querySelector('input')!.removeAttribute('id');
    textarea.id = 'a';
    expect(label.control).toBe(textarea);
    expect(label.control).toBe(jsdomLabelControl(label));
  });

  it('answers a label outside the document as jsdom does', () => {
    const box = document.createElement('div');
    box.innerHTML = '<label for="a">A</label><input id="a">';
    const label = box.querySelector('label')!;
    expect(label.control).toBe(box.querySelector('input'));
    expect(label.control).toBe(jsdomLabelControl(label));
  });

  it('gives an input its labels', () => {
    document.body.innerHTML = '<label for="a">A</label><label>B <input id="a"></label><label for="b">C</label>';
    expect([...document.querySelector('input')!.labels!].map((label) => label.textContent)).toEqual(['A', 'B ']);
  });
});
