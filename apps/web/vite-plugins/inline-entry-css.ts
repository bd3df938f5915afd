import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheet (app/base.css, a few KB) into index.html as a `<style>` element
 * instead of a `<link rel="stylesheet">`: the first paint then waits for no extra request. The
 * content security policy allows inline styles (style-src 'unsafe-inline'); scripts stay external.
 * The file is dropped from the chunks' CSS, so that no lazy chunk asks for it again.
 */
export function inlineEntryCss(): Plugin {
  let inlined = '';
  return {
    name: 'scheduler:inline-entry-css',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
        if (entry?.type !== 'chunk') return;
        const files = [...(entry.viteMetadata?.importedCss ?? [])];
        const parts: string[] = [];
        for (const fileName of files) {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') continue;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (css.includes('</style')) continue;
          parts.push(css);
          delete bundle[fileName];
          for (const item of Object.values(bundle))
            if (item.type === 'chunk') item.viteMetadata?.importedCss.delete(fileName);
        }
        inlined = parts.join('\n');
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return inlined ? html.replace('</head>', `<style>${inlined}</style>\n  </head>`) : html;
      },
    },
  };
}
