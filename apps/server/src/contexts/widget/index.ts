/*
 * The embeddable widget's server side: the frame-ancestors of its pages, `/embed.js`, and what the
 * admin widget screen reads. The context's only public entry.
 */
export { widgetPlugin } from './register.ts';
export type { WidgetPluginOptions } from './register.ts';
