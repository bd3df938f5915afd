/**
 * The height the widget's content needs, for sizing its frame. A layout box with a `min-height`
 * tied to the frame (`100vh`) would hold the frame at its current height for ever, so such boxes
 * are measured by what is inside them; boxes without a min-height by their own border box.
 */

const MAX_DEPTH = 4;

function px(value: string): number {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}

function inFlow(style: CSSStyleDeclaration): boolean {
  return style.display !== 'none' && style.position !== 'absolute' && style.position !== 'fixed';
}

/** The bottom edge (viewport coordinates) of what `element` needs, ignoring its min-height. */
function contentBottom(element: Element, depth: number): number {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  if (px(style.minHeight) === 0 || depth >= MAX_DEPTH) return rect.bottom;
  let bottom = rect.top + px(style.borderTopWidth) + px(style.paddingTop);
  for (const child of Array.from(element.children)) {
    const childStyle = getComputedStyle(child);
    if (!inFlow(childStyle)) continue;
    bottom = Math.max(bottom, contentBottom(child, depth + 1) + px(childStyle.marginBottom));
  }
  return bottom + px(style.paddingBottom) + px(style.borderBottomWidth);
}

/** Whole pixels from the top of `root` to the bottom of its content. */
export function contentHeight(root: Element): number {
  const top = root.getBoundingClientRect().top;
  let bottom = top;
  for (const child of Array.from(root.children)) {
    const style = getComputedStyle(child);
    if (!inFlow(style)) continue;
    bottom = Math.max(bottom, contentBottom(child, 1) + px(style.marginBottom));
  }
  return Math.ceil(bottom - top);
}

/** The elements whose size changes can change `contentHeight(root)`: root and its top levels. */
export function observedElements(root: Element, depth = 3): Element[] {
  const found: Element[] = [root];
  let level: Element[] = [root];
  for (let i = 0; i < depth; i += 1) {
    level = level.flatMap((element) => Array.from(element.children));
    found.push(...level);
  }
  return found;
}
