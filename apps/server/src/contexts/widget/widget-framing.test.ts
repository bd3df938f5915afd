import { describe, expect, it } from 'vitest';
import { frameAncestorsDirective, widgetClientSlugOf, withFrameAncestors } from './widget-framing.ts';

describe('widget framing', () => {
  it('recognises the widget pages and names their client', () => {
    expect(widgetClientSlugOf('/brightsmile/main/all/widget')).toBe('brightsmile');
    expect(widgetClientSlugOf('/brightsmile/main/all/widget/')).toBe('brightsmile');
    expect(widgetClientSlugOf('/BrightSmile/main/all/widget/findappointment?embedId=w1')).toBe('brightsmile');
    expect(widgetClientSlugOf('/brightsmile/main/all/widget?utm_source=x')).toBe('brightsmile');
  });

  it('leaves every other page alone, including the admin widget screen', () => {
    expect(widgetClientSlugOf('/admin/1/2/widget')).toBeUndefined();
    expect(widgetClientSlugOf('/api/x/y/widget')).toBeUndefined();
    expect(widgetClientSlugOf('/brightsmile/main/all/landing')).toBeUndefined();
    expect(widgetClientSlugOf('/brightsmile/main/widget')).toBeUndefined();
    expect(widgetClientSlugOf('/brightsmile/main/all/widgets')).toBeUndefined();
    expect(widgetClientSlugOf('/a/b/c/d/widget')).toBeUndefined();
    expect(widgetClientSlugOf('/bad%ZZ/main/all/widget')).toBeUndefined();
    expect(widgetClientSlugOf('/some%20thing/main/all/widget')).toBeUndefined();
  });

  it("always allows the product itself, then the client's sites", () => {
    expect(frameAncestorsDirective([])).toBe("frame-ancestors 'self'");
    expect(frameAncestorsDirective(['https://www.example.com', 'http://localhost:*'])).toBe(
      "frame-ancestors 'self' https://www.example.com http://localhost:*",
    );
  });

  it('replaces the frame-ancestors directive of a policy and keeps the rest', () => {
    const csp = "default-src 'self';script-src 'self';frame-ancestors 'none';object-src 'none'";
    expect(withFrameAncestors(csp, "frame-ancestors 'self' https://a.example")).toBe(
      "default-src 'self';script-src 'self';object-src 'none';frame-ancestors 'self' https://a.example",
    );
    expect(withFrameAncestors("default-src 'self'", "frame-ancestors 'self'")).toBe(
      "default-src 'self';frame-ancestors 'self'",
    );
  });
});
