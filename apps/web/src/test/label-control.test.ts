import { afterEach, describe, expect, it } from 'vitest';

/*
 * The label lookup of label-control.ts (installed by test-setup.ts for every web test) gives the
 * HTML spec's answers: a `for` names the first element in tree order with that id, if labelable.
 */

afterEach(() => {
  document.body.replaceChildren();
});

function html(markup: string) {
  document.body.innerHTML = markup;
}
const byId = (id: string) => document.getElementById(id);
const label = (id: string) => byId(id) as HTMLLabelElement;

describe('a label and its control', () => {
  it('a for names the element with that id, and the element lists the label', () => {
    html('<label id="l" for="a">A</label><div><input id="a"></div>');
    expect(label('l').control).toBe(byId('a'));
    expect([...(byId('a') as HTMLInputElement).labels!]).toEqual([byId('l')]);
  });

  it('a for that names no labelable element has no control', () => {
    html(
      '<label id="l1" for="d">D</label><div id="d"></div>' +
        '<label id="l2" for="h">H</label><input id="h" type="hidden">' +
        '<label id="l3" for="none">N</label><label id="l4" for="">E</label>',
    );
    expect(label('l1').control).toBeNull();
    expect(label('l2').control).toBeNull();
    expect(label('l3').control).toBeNull();
    expect(label('l4').control).toBeNull();
  });

  it('with two elements of one id, the first in tree order, whatever order they were added in', () => {
    html('<label id="l" for="twin">T</label><div id="first"></div>');
    const later = document.createElement('select');
    later.id = 'twin';
    document.body.append(later);
    const earlier = document.createElement('textarea');
    earlier.id = 'twin';
    byId('first')!.append(earlier);
    expect(label('l').control).toBe(earlier);
  });

  it('follows an id that changes, and an element that leaves the document', () => {
    html('<label id="l" for="x">X</label><input id="x"><button id="y"></button>');
    const input = byId('x')!;
    input.id = 'old';
    byId('y')!.id = 'x';
    expect(label('l').control).toBe(byId('x'));
    byId('x')!.remove();
    expect(label('l').control).toBeNull();
  });

  it('without a for, the first labelable element inside the label', () => {
    html('<label id="l">Name <span><input id="inner"></span><select></select></label>');
    expect(label('l').control).toBe(byId('inner'));
  });

  it('a label outside the document finds its control in its own tree', () => {
    const outside = document.createElement('div');
    outside.innerHTML = '<label for="o">O</label><input id="o">';
    document.body.innerHTML = '<input id="o">';
    expect(outside.querySelector('label')!.control).toBe(outside.querySelector('input'));
  });
});
