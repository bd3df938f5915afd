/** The tag a practice pastes into its site (see packages/embed/src/loader.ts for the attributes). */
export interface SnippetOptions {
  /** Origin of this product, where /embed.js is served. */
  productOrigin: string;
  clientSlug: string;
  schedulerSlug: string;
  /** A location slug or 'all'. */
  location: string;
  /** Only when the practice wants a colour other than the scheduler's (setting 20). */
  color?: string | null;
  theme?: 'light' | 'dark' | 'auto' | null;
}

function attribute(name: string, value: string): string {
  return `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
}

export function widgetSnippet(options: SnippetOptions): string {
  const attributes = [
    attribute('src', `${options.productOrigin}/embed.js`),
    attribute('data-client', options.clientSlug),
    attribute('data-scheduler', options.schedulerSlug),
    attribute('data-location', options.location),
  ];
  if (options.color) attributes.push(attribute('data-color', options.color));
  if (options.theme) attributes.push(attribute('data-theme', options.theme));
  return `<script async ${attributes.join(' ')}></script>`;
}
